#include "ui/sim/runcsv.h"

#include <QObject>
#include <QTextStream>
#include <cmath>

#include "ui/common/exporter.h"

namespace dms::ui {

bool saveRunsCsv(const QString& path, const std::vector<RunStore>& stores,
                 const std::vector<Method>& methods, QString* error) {
  return saveFile(
      path,
      [&](QIODevice& file) {
        QTextStream out(&file);
        out.setRealNumberPrecision(17);
        out << "method,t,energy,energy_dev,structure,structure2,L1,L2,L3,x,y,z\n";
        for (std::size_t r = 0; r < stores.size() && r < methods.size(); ++r) {
          const RunStore& st = stores[r];
          const QString name = QString::fromStdString(methodName(methods[r]));
          const auto row = [&](const Sample& s) {
            out << name << ',' << s.t << ',' << s.energy << ','
                << std::fabs(s.energy - st.energy0()) << ',' << s.structure << ',' << s.structure2
                << ',' << s.momentum.x() << ',' << s.momentum.y() << ',' << s.momentum.z() << ','
                << s.position.x() << ',' << s.position.y() << ',' << s.position.z() << '\n';
          };
          for (const Sample& s : st.playback()) row(s);
          // the latest sample, unless the buffer already ends with it
          if (!st.empty() && (st.playback().empty() || st.playback().back().t != st.last().t))
            row(st.last());
        }
        out.flush();
        return out.status() == QTextStream::Ok ? QString()
                                               : QObject::tr("Writing '%1' failed").arg(path);
      },
      error);
}

}  // namespace dms::ui
