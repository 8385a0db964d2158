// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/figures/figures.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QTemporaryFile>
#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/analysis/parallel.h"
#include "core/params.h"
#include "core/version.h"
#include "ui/figures/articlefigures.h"

namespace dms::figures {
namespace {

// one job makes the figures `ids` (with one set of runs)
struct Job {
  std::vector<std::string> ids;
  std::function<void(Output&, const Context&)> make;
};

std::vector<Job> allJobs() {
  std::vector<Job> jobs;
  for (const SystemModel* m : allSystems())
    jobs.push_back(
        {articleIds(*m), [m](Output& o, const Context& c) { writeArticleFigures(o, *m, c); }});
  for (const SystemModel* m : systemsWithControl()) {
    const ControlProblem* p = findControlProblem(m->name());
    jobs.push_back({controlIds(*m, *p),
                    [m, p](Output& o, const Context& c) { writeControlFigures(o, *m, *p, c); }});
  }
  for (const SystemModel* m : allSystems())
    jobs.push_back(
        {studyIds(*m), [m](Output& o, const Context& c) { writeStudyFigures(o, *m, c); }});
  return jobs;
}

std::string allIds(const std::vector<Job>& jobs, const std::string& sep) {
  std::string s;
  for (const Job& j : jobs)
    for (const std::string& id : j.ids) s += (s.empty() ? "" : sep) + id;
  return s;
}

// the application the plots need: Qt's offscreen platform unless another is asked for
// Qt's messages on stderr, but for the offscreen platform's note on a missing XDG_RUNTIME_DIR
// (Qt makes one in /tmp): a headless run's normal case, not worth a script's attention
void messages(QtMsgType type, const QMessageLogContext& context, const QString& text) {
  if (type == QtWarningMsg && text.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR")))
    return;
  std::cerr << qFormatLogMessage(type, context, text).toStdString() << "\n";
}

std::unique_ptr<QApplication> makeApplication() {
  if (QCoreApplication::instance()) return nullptr;
  qInstallMessageHandler(messages);
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  static int argc = 1;
  static char name[] = "dmsim";
  static char* argv[] = {name, nullptr};
  return std::make_unique<QApplication>(argc, argv);
}

std::set<std::string> parseOnly(const std::string& text, const std::vector<Job>& jobs) {
  std::set<std::string> known, only;
  for (const Job& j : jobs) known.insert(j.ids.begin(), j.ids.end());
  std::stringstream in(text);
  for (std::string id; std::getline(in, id, ',');) {
    if (!known.count(id))
      throw InputError("--only: unknown figure '" + id + "' (known: " + allIds(jobs, ", ") + ")");
    only.insert(id);
  }
  if (only.empty()) throw InputError("--only: no figure given (known: " + allIds(jobs, ", ") + ")");
  return only;
}

}  // namespace

int figuresMain(const std::vector<std::string>& args) {
  std::string outDir, only;
  bool quick = false, list = false;
  unsigned jobsCount = defaultJobs();
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) throw InputError(a + ": a value is required");
      return args[++i];
    };
    if (a == "--out") {
      outDir = value();
    } else if (a == "--only") {
      only = value();
    } else if (a == "--jobs") {
      const std::string v = value();
      const double n = parseNumber(v, "--jobs");
      if (n < 1 || n > 256 || n != std::floor(n))
        throw InputError("--jobs: '" + v + "' is not a whole number in [1, 256]");
      jobsCount = unsigned(n);
    } else if (a == "--quick") {
      quick = true;
    } else if (a == "--list") {
      list = true;
    } else {
      throw InputError("figures: unknown option '" + a +
                       "' (known: --out DIR, --quick, --only IDS, --jobs N, --list)");
    }
  }
  const std::vector<Job> jobs = allJobs();
  if (list) {
    std::cout << allIds(jobs, "\n") << "\n";
    return 0;
  }
  if (outDir.empty()) throw InputError("figures: --out DIR is required (where the figures go)");
  const std::set<std::string> selected =
      only.empty() ? std::set<std::string>{} : parseOnly(only, jobs);
  const QString dir = QString::fromStdString(outDir);
  if (!QDir().mkpath(dir) || !QFileInfo(dir).isDir())
    throw InputError("--out: cannot make the folder '" + outDir + "'");
  {
    QTemporaryFile probe(QDir(dir).filePath(QStringLiteral(".dmsim-XXXXXX")));
    if (!probe.open()) throw InputError("--out: cannot write in '" + outDir + "'");
  }
  const std::unique_ptr<QApplication> app = makeApplication();
  Context c;
  c.quick = quick;
  c.jobs = jobsCount;
  c.outArg = dir;
  Output out(dir, selected);
  for (const Job& j : jobs) {
    const auto start = std::chrono::steady_clock::now();
    try {
      j.make(out, c);
    } catch (const std::exception& e) {  // a reference or a search that failed: the rest goes on
      for (const std::string& id : j.ids)
        if (out.wanted(id)) out.fail(id, QString::fromUtf8(e.what()));
    }
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (const std::string& id : j.ids)
      if (out.wanted(id))
        std::cerr << "dmsim figures: " << id << " (" << s << " s for the group)\n";
  }
  QString error;
  const QString header =
      QStringLiteral("# Figures of Discrete Mechanics Studio " DMS_VERSION
                     "\n\nOur runs of the examples of Lee, Leok and McClamroch, \"Discrete "
                     "Control Systems\", and per system the Analysis mode's studies. Made by "
                     "`dmsim figures --out %1%2`; each figure can be made alone by the command "
                     "under it. Every PNG has a PDF and the CSV of what it draws beside it.\n")
          .arg(dir, quick ? QStringLiteral(" --quick") : QString());
  if (!out.writeIndex(header, &error)) {
    std::cerr << "dmsim: figures: " << error.toStdString() << "\n";
    return 1;
  }
  nlohmann::ordered_json j;
  j["out"] = outDir;
  j["quick"] = quick;
  j["files"] = nlohmann::json::array();
  for (const QString& f : out.files()) j["files"].push_back(f.toStdString());
  j["files"].push_back("index.md");
  j["failed"] = out.failed();
  j["incomplete"] = out.incomplete();
  std::cout << j.dump(2) << "\n";
  return out.failed() ? 3 : 0;
}

}  // namespace dms::figures
