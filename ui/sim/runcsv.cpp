// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/runcsv.h"

#include <QIODevice>
#include <QObject>
#include <memory>
#include <sstream>

#include "core/io/runcsv.h"
#include "core/sim/output.h"
#include "ui/common/exporter.h"

namespace dms::ui {

namespace {

// every run's state coordinates: the file's columns (a run that cannot start has none)
std::vector<std::vector<std::string>> stateNames(const SimJob& job) {
  std::vector<std::vector<std::string>> names;
  for (Method m : job.methods) {
    try {
      names.push_back(job.model->makeRun(job.values, m, job.settings)->stateNames());
    } catch (const std::exception&) {
      names.emplace_back();
    }
  }
  return names;
}

// the rows gathered so far go to the file, so a long run's text is never held whole
QString flushTo(std::ostringstream& text, QIODevice& file, const QString& path) {
  const std::string s = text.str();
  text.str({});
  if (file.write(s.data(), qint64(s.size())) != qint64(s.size()))
    return QObject::tr("Writing '%1' failed: %2").arg(path, file.errorString());
  return {};
}

}  // namespace

bool saveRunsCsv(const QString& path, const std::vector<RunStore>& stores, const SimJob& job,
                 QString* error) {
  return saveFile(
      path,
      [&](QIODevice& file) {
        std::ostringstream text;
        RunCsvWriter csv(text, *job.model, stateNames(job));
        csv.writeHeader();
        for (std::size_t r = 0; r < stores.size() && r < job.methods.size(); ++r) {
          const RunStore& st = stores[r];
          csv.beginRun(r, job.methods[r], st.energy0());
          // the buffer holds every step (saveRunsCsv is for an unthinned one), so the shadow
          // energy is computed from them as dmsim does, value for value
          RunShadow shadow(*job.model, job.values, job.methods[r], job.settings.h);
          csv.followShadow(shadow);
          for (const Sample& s : st.playback()) csv.take(s);
          // the latest sample, unless the buffer already ends with it
          if (!st.empty() && (st.playback().empty() || st.playback().back().t != st.last().t))
            csv.take(st.last());
          csv.finish();
          const QString failed = flushTo(text, file, path);
          if (!failed.isEmpty()) return failed;
        }
        return QString();
      },
      error);
}

bool saveJobCsv(const QString& path, const SimJob& job, const std::function<bool(double)>& progress,
                QString* error, std::int64_t every) {
  return saveFile(
      path,
      [&](QIODevice& file) {
        std::ostringstream text;
        RunCsvWriter csv(text, *job.model, stateNames(job));
        csv.writeHeader();
        const double runs = double(job.methods.size());
        for (std::size_t r = 0; r < job.methods.size(); ++r) {
          if (every <= 1) csv.beginRun(r, job.methods[r]);
          std::unique_ptr<Run> run;
          try {
            run = job.model->makeRun(job.values, job.methods[r], job.settings);
          } catch (const std::exception&) {
            continue;  // a run that cannot start has no rows (the window said why)
          }
          // every sample goes through: the shadow_energy column as dmsim writes it
          RunShadow shadow(*job.model, job.values, job.methods[r], job.settings.h);
          if (every <= 1) csv.followShadow(shadow);
          // every k-th: the run's first sample begins its rows (energy_dev from it), and the
          // output choice passes the rows kept on
          struct First final : SampleSink {
            RunCsvWriter& out;
            std::size_t index;
            Method method;
            bool begun = false;
            First(RunCsvWriter& w, std::size_t i, Method m) : out(w), index(i), method(m) {}
            void take(const Sample& s) override {
              if (!begun) out.beginRun(index, method, s.energy);
              begun = true;
            }
          } first(csv, r, job.methods[r]);
          OutputChoice choice;
          if (every > 1) choice.every = every;
          OutputSelector selector(*job.model, job.methods[r], choice, *run, first, csv);
          SampleSink& sink = every > 1 ? static_cast<SampleSink&>(selector) : csv;
          bool more = true;
          while (more) {
            more = run->advance(sink, 4096, SampleFields::All);
            if (!more) {
              selector.finish();
              csv.finish();
            }
            const QString failed = flushTo(text, file, path);
            if (!failed.isEmpty()) return failed;
            if (more && !progress((double(r) + run->progress()) / runs))
              return QObject::tr("Export cancelled: '%1' was not written").arg(path);
          }
        }
        return QString();
      },
      error);
}

}  // namespace dms::ui
