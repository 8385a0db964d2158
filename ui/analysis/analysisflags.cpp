// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/analysis/analysisflags.h"

#include <QCommandLineParser>

#include "core/studies/study.h"

namespace dms::ui {

namespace {

class AnalysisFlags : public ModeFlags {
 public:
  QString key() const override { return QStringLiteral("analysis"); }
  std::vector<QCommandLineOption> options() const override {
    return {QCommandLineOption("study", {}, "KEY")};
  }
  std::vector<FlagHelp> help() const override {
    return {
        {"--analysis",
         {"the \"Analysis\" mode: run the system's default sweep",
          "(work-precision and convergence) and show it"},
         {},
         {}},
        {"--study KEY",
         {"with --analysis: run another study instead: equal-cost,",
          "long-time, phase, distance or rk45-steps (--set: its", "fields, e.g. --set steps=1e5)"},
         {},
         {}}};
  }

  bool checkMode(const QCommandLineParser& parser, ModeArguments* o,
                 QString* error) const override {
    const auto fail = [error](const QString& e) {
      *error = e;
      return false;
    };
    if (o->mode == key() && parser.isSet("set") && !parser.isSet("study"))
      return fail(
          "--set with --analysis: the sweep is the system's default (a --study takes "
          "--set for its fields)");
    if (!parser.isSet("study")) return true;
    if (o->mode != key()) return fail("--study needs --analysis");
    if (parser.values("study").size() > 1) return fail("--study given twice");
    const QString study = parser.value("study");
    if (!findStudy(study.toStdString())) {
      QStringList known;
      for (const Study* st : studies()) known << QString::fromStdString(st->key());
      return fail(QString("--study '%1': unknown study (one of %2)").arg(study, known.join(", ")));
    }
    o->choices.emplace_back("study", study.toStdString());
    return true;
  }

  bool checkSystem(const QCommandLineParser& parser, const SystemModel* model,
                   const ModeArguments& o, QString* error) const override {
    if (model && parser.isSet("study") &&
        !findStudy(parser.value("study").toStdString())->supports(*model)) {
      *error = QString("--study %1: not a study of the system '%2'")
                   .arg(parser.value("study"), o.system);
      return false;
    }
    return true;
  }
  // no ChecksSets: a --set item is a study's field, which the mode checks when applied (the
  // name by Study::fields, the value by prepare)
};

}  // namespace

const ModeFlags& analysisFlags() {
  static const AnalysisFlags flags;
  return flags;
}

}  // namespace dms::ui
