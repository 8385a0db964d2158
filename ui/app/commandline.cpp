#include "ui/app/commandline.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <algorithm>
#include <cmath>

#include "core/io/scenario.h"
#include "core/sim/registry.h"
#include "core/studies/study.h"
#include "ui/common/videowriter.h"

namespace dms::ui {

namespace {

// a choice flag: one name among the registered problems' choices, its values and who has it
struct ChoiceFlag {
  QString name;
  QStringList values;
  QStringList systems;
};

// in the order the problems register them
std::vector<ChoiceFlag> choiceFlags() {
  std::vector<ChoiceFlag> flags;
  for (const SystemEntry& e : registry()) {
    if (!e.control) continue;
    for (const ControlChoice& c : e.control->choices()) {
      const QString name = QString::fromStdString(c.name);
      auto f = std::find_if(flags.begin(), flags.end(),
                            [&](const ChoiceFlag& x) { return x.name == name; });
      if (f == flags.end()) f = flags.insert(flags.end(), ChoiceFlag{name, {}, {}});
      for (const ControlChoice::Value& v : c.values)
        if (!f->values.contains(QString::fromStdString(v.value)))
          f->values << QString::fromStdString(v.value);
      f->systems << QString::fromStdString(e.model->name());
    }
  }
  return flags;
}

QString allSystemNames() { return QString::fromStdString(systemNames(allSystems())); }

// the argument as typed that QCommandLineParser reports as unknown (it drops the dashes)
QString typedOption(const QStringList& args, const QString& name) {
  for (const QString& a : args) {
    if (!a.startsWith('-')) continue;
    QString bare = a;
    while (bare.startsWith('-')) bare.remove(0, 1);
    if (bare.section('=', 0, 0) == name) return a.section('=', 0, 0);
  }
  return "--" + name;
}

// Qt's messages ("Missing value after '--play-to'.") in the style of ours
QString asOurs(QString text) {
  if (text.endsWith('.')) text.chop(1);
  if (!text.isEmpty()) text[0] = text[0].toLower();
  return text;
}

// --export-video and its --video-* options: all but the time range checked here
bool parseVideoOptions(const QCommandLineParser& parser, AnimationOptions* video, QString* error) {
  const auto fail = [error](const QString& e) {
    *error = e;
    return false;
  };
  const QStringList names{"video-size", "video-fps",   "video-from",
                          "video-to",   "video-speed", "video-plots"};
  if (!parser.isSet("export-video")) {
    for (const QString& n : names)
      if (parser.isSet(n)) return fail(QString("--%1 needs --export-video FILE").arg(n));
    return true;
  }
  AnimationOptions v;
  v.path = parser.value("export-video");
  const std::optional<VideoFormat> format = videoFormatFromPath(v.path);
  if (!format)
    return fail(
        QString("--export-video '%1': expected a .mp4, .webm or .gif file name").arg(v.path));
  const auto number = [&](const char* name, double* out) {
    if (!parser.isSet(name)) return true;
    const QString flag = QString("--") + name;
    try {
      *out = parseNumber(parser.value(name).toStdString(), flag.toStdString());
      return true;
    } catch (const InputError& e) {
      return fail(QString::fromStdString(e.what()));
    }
  };
  if (parser.isSet("video-size")) {
    const QStringList wh = parser.value("video-size").toLower().split('x');
    bool okW = false, okH = false;
    if (wh.size() == 2) v.size = QSize(wh[0].toInt(&okW), wh[1].toInt(&okH));
    if (!okW || !okH)
      return fail(QString("--video-size '%1': expected WIDTHxHEIGHT in pixels, e.g. 1280x720")
                      .arg(parser.value("video-size")));
  }
  double fps = v.fps, from = v.from, to = -1.0;
  if (!number("video-fps", &fps) || !number("video-from", &from) || !number("video-to", &to) ||
      !number("video-speed", &v.speed))
    return false;
  if (fps != std::floor(fps))
    return fail(QString("--video-fps %1: expected a whole number of frames per second").arg(fps));
  v.fps = int(std::clamp(fps, -1.0, 1e6));
  v.from = from;
  if (parser.isSet("video-to")) v.to = to;
  v.withPlots = parser.isSet("video-plots");
  // everything but the time range, which needs the horizon: checked as if it were fine
  AnimationOptions probe = v;
  probe.from = 0.0;
  probe.to.reset();
  const QString problem = animationProblem(probe, 1e300, 1e300, commandLineFieldNames());
  if (!problem.isEmpty() && !problem.contains("frames asked"))
    return fail(problem.startsWith('\'') ? "--export-video " + problem : problem);
  if (v.from < 0) return fail(QString("--video-from %1: must be >= 0").arg(v.from));
  if (v.to && *v.to <= v.from)
    return fail(QString("--video-to %1: must be after --video-from (%2)").arg(*v.to).arg(v.from));
  *video = v;
  return true;
}

}  // namespace

QString commandLineUsage() {
  QString choices;
  for (const ChoiceFlag& f : choiceFlags()) {
    const QString flag = QString("  --%1 X").arg(f.name);
    choices += QString("%1 with --control: %2 (%3)\n")
                   .arg(flag.leftJustified(22), f.values.join(" or "), f.systems.join(", "));
  }
  return QStringLiteral(
             "usage: dmstudio [FILE.json] [--present]\n"
             "       dmstudio [--system NAME] [--methods M1,M2,...] [--set NAME=VALUE ...]\n"
             "                [--play-to T] [--screenshot FILE.png] [--export-plots DIR]\n"
             "                [--export-video FILE [--video-size WxH] [--video-fps N]\n"
             "                [--video-from T] [--video-to T] [--video-speed S] [--video-plots]]\n"
             "                [--quit]\n"
             "  FILE.json            open a scenario file (File > Save scenario writes them)\n"
             "  --present            start in View > Presentation (full screen, large text;\n"
             "                       F11 leaves it, F9 shows the parameters)\n"
             "  --system NAME        one of: %1\n"
             "  --methods M1,M2,...  the methods side by side, as dmsim names them (e.g.\n"
             "                       vi,rk45,rk4; default: the article's pair)\n"
             "  --set NAME=VALUE     a parameter of the system, or h, T, rtol, atol (repeatable)\n"
             "  --play-to T          play to simulated time T (at most the horizon T)\n"
             "  --show VIEW          the simulation's plots: errors, energy (with the shadow\n"
             "                       energy), phase, state or momentum\n"
             "  --screenshot FILE    write a PNG of the whole window\n"
             "  --export-plots DIR   write every plot as PNG, SVG and PDF into DIR\n"
             "  --export-video FILE  render the 3D view frame by frame into FILE (.mp4, .webm or\n"
             "                       .gif; needs ffmpeg): --video-size WxH (1280x720),\n"
             "                       --video-fps N (25), --video-from T (0), --video-to T (the\n"
             "                       horizon), --video-speed S (simulated s per video s, 1),\n"
             "                       --video-plots (the 3D view with the plots)\n"
             "  --quit               quit when done (exit 0, 1 if a write failed)\n"
             "  --analysis           the \"Analysis\" mode: run the system's default sweep\n"
             "                       (work-precision and convergence) and show it\n"
             "  --study KEY          with --analysis: run another study instead: equal-cost,\n"
             "                       long-time, phase, distance or rk45-steps (--set: its\n"
             "                       fields, e.g. --set steps=1e5)\n"
             "  --control            the \"Optimal control\" mode: solve the system's problem, "
             "show\n"
             "                       the optimal maneuver at its end (--set: its fields, e.g. T, "
             "h,\n"
             "                       qd, tol; exit 3 if the solver did not converge)\n"
             "%2"
             "exit status 2: a bad argument\n")
      .arg(allSystemNames(), choices);
}

bool parseCommandLine(const QStringList& args, ScriptOptions* out, QString* error) {
  const auto fail = [error](const QString& e) {
    *error = e;
    return false;
  };
  QCommandLineParser parser;
  // -system is --system; a word after one dash is not a row of one-letter flags
  parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
  const QCommandLineOption system("system", {}, "NAME"), set("set", {}, "NAME=VALUE"),
      playTo("play-to", {}, "T"), screenshot("screenshot", {}, "FILE"),
      exportPlots("export-plots", {}, "DIR"), quit("quit", {}), control("control", {}),
      analysis("analysis", {}), methods("methods", {}, "M1,M2,..."),
      help(QStringList{"h", "help"}, {}), video("export-video", {}, "FILE"),
      videoSize("video-size", {}, "WxH"), videoFps("video-fps", {}, "N"),
      videoFrom("video-from", {}, "T"), videoTo("video-to", {}, "T"),
      videoSpeed("video-speed", {}, "S"), videoPlots("video-plots", {}), study("study", {}, "KEY"),
      present("present", {}), show("show", {}, "VIEW");
  parser.addOptions({system,   set,        playTo,     screenshot, exportPlots, quit,     control,
                     analysis, methods,    help,       video,      videoSize,   videoFps, videoFrom,
                     videoTo,  videoSpeed, videoPlots, study,      present,     show});
  const std::vector<ChoiceFlag> flags = choiceFlags();
  for (const ChoiceFlag& f : flags) parser.addOption(QCommandLineOption(f.name, {}, "VALUE"));
  if (!parser.parse(QStringList{"dmstudio"} + args)) {
    const QStringList unknown = parser.unknownOptionNames();
    if (!unknown.isEmpty())
      return fail(QString("unknown option '%1'").arg(typedOption(args, unknown.front())));
    return fail(asOurs(parser.errorText()));
  }
  const QStringList files = parser.positionalArguments();
  if (files.size() > 1) return fail(QString("unexpected argument '%1'").arg(files[1]));

  ScriptOptions o;
  if (!files.isEmpty()) {
    if (!QFileInfo(files.front()).isFile())
      return fail(QString("'%1': no such scenario file").arg(files.front()));
    o.scenario = files.front();
  }
  o.present = parser.isSet(present);
  o.help = parser.isSet(help);
  o.quit = parser.isSet(quit);
  if (parser.isSet(control)) o.mode = "control";
  if (parser.isSet(analysis)) {
    if (!o.mode.isEmpty()) return fail("--analysis and --control: one mode at a time");
    if (parser.isSet(set) && !parser.isSet(study))
      return fail(
          "--set with --analysis: the sweep is the system's default (a --study takes "
          "--set for its fields)");
    o.mode = "analysis";
  }
  if (parser.isSet(study)) {
    if (o.mode != "analysis") return fail("--study needs --analysis");
    if (parser.values(study).size() > 1) return fail("--study given twice");
    const QString key = parser.value(study);
    if (!findStudy(key.toStdString())) {
      QStringList known;
      for (const Study* st : studies()) known << QString::fromStdString(st->key());
      return fail(QString("--study '%1': unknown study (one of %2)").arg(key, known.join(", ")));
    }
    o.choices.emplace_back("study", key.toStdString());
  }
  if (parser.values(system).size() > 1) return fail("--system given twice");
  o.system = parser.value(system);
  if (parser.isSet(playTo)) {
    const QString v = parser.value(playTo);
    try {
      const double t = parseNumber(v.toStdString(), "--play-to");
      if (t < 0) return fail(QString("--play-to %1: must be >= 0").arg(v));
      o.playTo = t;
    } catch (const InputError& e) {
      return fail(QString::fromStdString(e.what()));
    }
  }
  o.screenshot = parser.value(screenshot);
  if (parser.isSet(screenshot) && !o.screenshot.endsWith(".png", Qt::CaseInsensitive))
    return fail(QString("--screenshot '%1': expected a .png file name").arg(o.screenshot));
  o.exportDir = parser.value(exportPlots);
  if (!parseVideoOptions(parser, &o.video, error)) return false;
  if (parser.values(methods).size() > 1) return fail("--methods given twice");
  o.methods = parser.value(methods);
  if (parser.isSet(methods) && o.methods.trimmed().isEmpty())
    return fail("--methods: no method given (e.g. --methods vi,rk45)");
  if (!o.methods.isEmpty() && !o.mode.isEmpty())
    return fail("--methods is for the simulation: --" + o.mode + " chooses its own");
  if (parser.values(show).size() > 1) return fail("--show given twice");
  o.show = parser.value(show);
  if (parser.isSet(show)) {
    const QStringList views = {"errors", "energy", "phase", "state", "momentum"};
    if (!views.contains(o.show))
      return fail(QString("--show '%1': unknown view (one of %2)").arg(o.show, views.join(", ")));
    if (!o.mode.isEmpty()) return fail("--show is for the simulation's plots, not --" + o.mode);
  }
  for (const ChoiceFlag& f : flags)
    for (const QString& v : parser.values(f.name))
      o.choices.emplace_back(f.name.toStdString(), v.toStdString());

  const SystemModel* model = nullptr;
  if (!o.system.isEmpty()) {
    model = findSystem(o.system.toStdString());
    if (!model)
      return fail(
          QString("--system '%1': unknown system (one of %2)").arg(o.system, allSystemNames()));
  } else if (parser.isSet(set)) {
    return fail("--set needs --system (parameters belong to a system)");
  }
  if (model && !o.methods.isEmpty()) {
    std::vector<std::string> names;
    for (const QString& n : o.methods.split(',')) names.push_back(n.trimmed().toStdString());
    try {
      parseMethodList(*model, names, "--methods");
    } catch (const InputError& e) {
      return fail(QString::fromStdString(e.what()));
    }
  }
  const ControlProblem* problem = nullptr;
  if (o.mode == "control" && model) {
    problem = findControlProblem(model->name());
    if (!problem) {
      return fail(QString("--control: the system '%1' has no optimal-control problem (systems "
                          "with one: %2)")
                      .arg(o.system, QString::fromStdString(systemNames(systemsWithControl()))));
    }
  }
  if (model && parser.isSet(study) &&
      !findStudy(parser.value(study).toStdString())->supports(*model))
    return fail(
        QString("--study %1: not a study of the system '%2'").arg(parser.value(study), o.system));
  if (!o.choices.empty() && o.mode.isEmpty())
    return fail(QString("--%1 needs --control").arg(QString::fromStdString(o.choices[0].first)));
  if (problem) {
    for (const auto& [name, value] : o.choices) {
      const std::vector<ControlChoice>& cs = problem->choices();
      const auto it = std::find_if(cs.begin(), cs.end(),
                                   [&](const ControlChoice& c) { return c.name == name; });
      if (it == cs.end())
        return fail(QString("--%1: not an option of this system's problem")
                        .arg(QString::fromStdString(name)));
      if (!it->find(value)) {
        QStringList allowed;
        for (const ControlChoice::Value& v : it->values) allowed << QString::fromStdString(v.value);
        return fail(QString("--%1 '%2': expected %3")
                        .arg(QString::fromStdString(name), QString::fromStdString(value),
                             allowed.join(" or ")));
      }
    }
  }
  for (const QString& s : parser.values(set)) {
    try {
      auto [name, value] = parseAssignment(s.toStdString());
      ParamValues scratch;
      if (o.mode == "analysis") {
        // a study's field: the mode checks the name (Study::fields) and the value (prepare)
      } else if (problem) {
        applyAssignment(problem->allFields(), scratch, name, value);
      } else if (const ParamSpec* spec = findSpec(integratorSpecs(), name)) {
        checkValue(*spec, value);
      } else {
        applyAssignment(model->params(), scratch, name, value);
      }
      o.sets.emplace_back(name, value);
    } catch (const InputError& e) {
      return fail(QString("--set '%1': %2").arg(s, QString::fromStdString(e.what())));
    }
  }
  *out = o;
  return true;
}

}  // namespace dms::ui
