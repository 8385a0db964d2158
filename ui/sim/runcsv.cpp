#include "ui/sim/runcsv.h"

#include <QObject>
#include <QTextStream>
#include <cmath>
#include <memory>

#include "ui/common/exporter.h"

namespace dms::ui {

namespace {

const char* const kHeader = "method,t,energy,energy_dev,structure,structure2,L1,L2,L3,x,y,z\n";

/// Writes one run's rows: energy_dev against the run's first sample.
class CsvRows : public SampleSink {
 public:
  CsvRows(QTextStream& out, Method m, double energy0)
      : m_out(out), m_name(QString::fromStdString(methodName(m))), m_energy0(energy0) {}
  void take(const Sample& s) override {
    if (m_first) m_energy0 = s.energy;
    m_first = false;
    m_out << m_name << ',' << s.t << ',' << s.energy << ',' << std::fabs(s.energy - m_energy0)
          << ',' << s.structure << ',' << s.structure2 << ',' << s.momentum.x() << ','
          << s.momentum.y() << ',' << s.momentum.z() << ',' << s.position.x() << ','
          << s.position.y() << ',' << s.position.z() << '\n';
  }
  /// The first sample's energy is the reference (the default: a run computed here).
  void referenceFromFirst(bool on) { m_first = on; }

 private:
  QTextStream& m_out;
  QString m_name;
  double m_energy0;
  bool m_first = false;
};

QString streamStatus(const QTextStream& out, const QString& path) {
  return out.status() == QTextStream::Ok ? QString() : QObject::tr("Writing '%1' failed").arg(path);
}

}  // namespace

bool saveRunsCsv(const QString& path, const std::vector<RunStore>& stores,
                 const std::vector<Method>& methods, QString* error) {
  return saveFile(
      path,
      [&](QIODevice& file) {
        QTextStream out(&file);
        out.setRealNumberPrecision(17);
        out << kHeader;
        for (std::size_t r = 0; r < stores.size() && r < methods.size(); ++r) {
          const RunStore& st = stores[r];
          CsvRows row(out, methods[r], st.energy0());
          for (const Sample& s : st.playback()) row.take(s);
          // the latest sample, unless the buffer already ends with it
          if (!st.empty() && (st.playback().empty() || st.playback().back().t != st.last().t))
            row.take(st.last());
        }
        out.flush();
        return streamStatus(out, path);
      },
      error);
}

bool saveJobCsv(const QString& path, const SimJob& job, const std::function<bool(double)>& progress,
                QString* error) {
  return saveFile(
      path,
      [&](QIODevice& file) {
        QTextStream out(&file);
        out.setRealNumberPrecision(17);
        out << kHeader;
        const double runs = double(job.methods.size());
        for (std::size_t r = 0; r < job.methods.size(); ++r) {
          CsvRows row(out, job.methods[r], 0.0);
          row.referenceFromFirst(true);
          std::unique_ptr<Run> run;
          try {
            run = job.model->makeRun(job.values, job.methods[r], job.settings);
          } catch (const std::exception&) {
            continue;  // a run that cannot start has no rows (the window said why)
          }
          while (run->advance(row, 4096, SampleFields::All)) {
            if (!progress((double(r) + run->progress()) / runs))
              return QObject::tr("Export cancelled: '%1' was not written").arg(path);
          }
        }
        out.flush();
        return streamStatus(out, path);
      },
      error);
}

}  // namespace dms::ui
