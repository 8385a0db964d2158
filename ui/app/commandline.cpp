// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/commandline.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <algorithm>
#include <cmath>

#include "core/integrators/settings.h"
#include "core/io/scenario.h"
#include "core/sim/registry.h"
#include "ui/app/modes.h"
#include "ui/common/videowriter.h"

namespace dms::ui {

namespace {

QString allSystemNames() { return QString::fromStdString(systemNames(allSystems())); }

// the run settings a --set item may name, "h, T, rtol, atol"
QString integratorNames() {
  QStringList names;
  for (const ParamSpec& spec : integratorSpecs()) names << QString::fromStdString(spec.name);
  return names.join(", ");
}

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
  // the window's flags, each with the modes' flags that follow it
  const std::vector<FlagHelp> own = {
      {"FILE.json", {"open a scenario file (File > Save scenario writes them)"}, {}, {}},
      {"--present",
       {"start in View > Presentation (full screen, large text;",
        "F11 leaves it, F9 shows the parameters)"},
       {},
       {}},
      {"--system NAME", {"one of: " + allSystemNames()}, "system", "[--system NAME]"},
      {"--set NAME=VALUE",
       {"a parameter of the system, or " + integratorNames() + " (repeatable)"},
       "set",
       "[--set NAME=VALUE ...]"},
      {"--play-to T", {"play to simulated time T (at most the horizon T)"}, "play-to", {}},
      {"--screenshot FILE", {"write a PNG of the whole window"}, {}, {}},
      {"--export-plots DIR", {"write every plot as PNG, SVG and PDF into DIR"}, {}, {}},
      {"--export-video FILE",
       {"render the 3D view frame by frame into FILE (.mp4, .webm or",
        ".gif; needs ffmpeg): --video-size WxH (1280x720),",
        "--video-fps N (25), --video-from T (0), --video-to T (the",
        "horizon), --video-speed S (simulated s per video s, 1),",
        "--video-plots (the 3D view with the plots)"},
       {},
       {}},
      {"--quit", {"quit when done (exit 0, 1 if a write failed)"}, {}, {}},
      {"-h, --help", {"print this help and exit (no display needed)"}, {}, {}},
      {"--version", {"print the version and exit (no display needed)"}, {}, {}}};
  QStringList synopsis;
  QString flags;
  for (const FlagHelp& f : own) {
    if (!f.synopsis.isEmpty()) synopsis << f.synopsis;
    flags += f.text();
    if (f.after.isEmpty()) continue;
    for (const ModeFlags* m : modeFlags())
      for (const FlagHelp& h : m->help())
        if (h.after == f.after) {
          if (!h.synopsis.isEmpty()) synopsis << h.synopsis;
          flags += h.text();
        }
  }
  for (const ModeFlags* m : modeFlags())
    for (const FlagHelp& h : m->help())
      if (h.after.isEmpty()) flags += h.text();
  return "usage: dmstudio [FILE.json] [--present]\n"
         "       dmstudio --help | --version\n"
         "       dmstudio " +
         synopsis.join(' ') +
         "\n"
         "                [--play-to T] [--screenshot FILE.png] [--export-plots DIR]\n"
         "                [--export-video FILE [--video-size WxH] [--video-fps N]\n"
         "                [--video-from T] [--video-to T] [--video-speed S] [--video-plots]]\n"
         "                [--quit]\n" +
         flags + "exit status 2: a bad argument\n";
}

bool asksForText(const QStringList& args) {
  // one dash or two, as the parser reads them; the parse decides (a value that reads "--help")
  for (const QString& a : args) {
    if (a == "--") return false;  // what follows is a file name
    if (a == "-h" || a == "-help" || a == "--help" || a == "-version" || a == "--version")
      return true;
  }
  return false;
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
      exportPlots("export-plots", {}, "DIR"), quit("quit", {}), help(QStringList{"h", "help"}, {}),
      video("export-video", {}, "FILE"), videoSize("video-size", {}, "WxH"),
      videoFps("video-fps", {}, "N"), videoFrom("video-from", {}, "T"),
      videoTo("video-to", {}, "T"), videoSpeed("video-speed", {}, "S"),
      videoPlots("video-plots", {}), present("present", {}), version("version", {});
  parser.addOptions({system, set, playTo, screenshot, exportPlots, quit, help, video, videoSize,
                     videoFps, videoFrom, videoTo, videoSpeed, videoPlots, present, version});
  for (const ModeFlags* m : modeFlags()) {
    if (m->hasModeFlag()) parser.addOption(QCommandLineOption(m->key()));
    for (const QCommandLineOption& o : m->options()) parser.addOption(o);
  }
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
  o.version = parser.isSet(version);
  o.quit = parser.isSet(quit);
  // the mode: one --KEY of the modes at most (none: the mode without a flag)
  for (const ModeFlags* m : modeFlags()) {
    if (!m->hasModeFlag() || !parser.isSet(m->key())) continue;
    if (!o.mode.isEmpty())
      return fail(QString("--%1 and --%2: one mode at a time").arg(o.mode, m->key()));
    o.mode = m->key();
  }
  for (const ModeFlags* m : modeFlags())
    if (!m->checkMode(parser, &o, error)) return false;
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
  for (const ModeFlags* m : modeFlags())
    if (!m->checkFlags(parser, &o, error)) return false;

  const SystemModel* model = nullptr;
  if (!o.system.isEmpty()) {
    model = findSystem(o.system.toStdString());
    if (!model)
      return fail(
          QString("--system '%1': unknown system (one of %2)").arg(o.system, allSystemNames()));
  } else if (parser.isSet(set)) {
    return fail("--set needs --system (parameters belong to a system)");
  }
  const ModeFlags* asked = nullptr;
  for (const ModeFlags* m : modeFlags()) {
    if (!m->checkSystem(parser, model, o, error)) return false;
    if (o.mode.isEmpty() ? !m->hasModeFlag() : m->key() == o.mode) asked = m;
  }
  for (const QString& s : parser.values(set)) {
    try {
      auto [name, value] = parseAssignment(s.toStdString());
      if (const auto* checks = asked->role<ChecksSets>()) checks->checkSet(*model, name, value);
      o.sets.emplace_back(name, value);
    } catch (const InputError& e) {
      return fail(QString("--set '%1': %2").arg(s, QString::fromStdString(e.what())));
    }
  }
  *out = o;
  return true;
}

}  // namespace dms::ui
