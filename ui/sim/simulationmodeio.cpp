// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Simulation mode as files and scripts see it: its plots and CSV for export, the figure
// caption, the scenario it computes, its settings, and the command line's sets and choices.
#include <QAction>
#include <QLabel>
#include <QPointer>
#include <QProgressDialog>
#include <QSettings>
#include <QStringList>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>

#include "core/io/scenario.h"
#include "core/notation.h"
#include "core/sim/controllaw.h"
#include "core/sim/simulator.h"
#include "ui/common/methodlook.h"
#include "ui/common/numbertext.h"
#include "ui/common/palette.h"
#include "ui/common/playback.h"
#include "ui/scene3d/sceneview.h"
#include "ui/sim/articlenote.h"
#include "ui/sim/forcingpanel.h"
#include "ui/sim/quantities.h"
#include "ui/sim/runcsv.h"
#include "ui/sim/runtable.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace dms::ui {

std::vector<ExportPlot> SimulationMode::exportPlots() const {
  std::vector<ExportPlot> out;
  // the plots of the view shown (without the empty structure plot of a linear space)
  for (const auto& [name, plot] : m_plots->exportablePlots()) out.push_back({name, plot});
  return out;
}

// the plots take the table's room: the numbers are too small to read from a lecture hall
void SimulationMode::setPresenting(bool on) {
  m_table->setVisible(!on);
  // the article's line larger while presenting, read from the back of a lecture hall: 1.35 x
  // (the plots' 1.6 x would take three lines of a 1024-pixel screen and squeeze the plots)
  QFont font = m_views->font();
  font.setPointSizeF(font.pointSizeF() * (on ? 1.35 : 1.0));
  m_articleNote->setFont(font);
}

// one bucket group per pixel column of the exported image
void SimulationMode::prepareExport(QSize size) {
  m_plots->setLegendsShown(true);  // a file names its curves itself
  m_plots->refresh(size.width());
}

void SimulationMode::finishExport() {
  m_plots->setLegendsShown(m_plots->legendsInWindow());
  m_plots->refresh();
}

void SimulationMode::exportCsv(const QString& path, const WriteDone& done) {
  // every k-th sample of each run (setCsvEvery): computed again, as the buffers keep them all
  // or every s-th
  const int every = m_csvEvery;
  const std::vector<RunStore>& stores = m_session->stores();
  const bool everyStep = every == 1 && !m_session->running() &&
                         std::all_of(stores.begin(), stores.end(),
                                     [](const RunStore& s) { return s.playbackStride() == 1; });
  if (everyStep) {
    QString error;
    const bool ok = saveRunsCsv(path, stores, m_session->job(), &error);
    return done(ok, error);
  }
  // the playback buffers keep every s-th step of a long run (or the runs are not done): the
  // file gets every step to the horizon, computed again from the same job in the write worker
  const SimJob job = m_session->job();
  QPointer<QProgressDialog> dialog;
  if (interactive()) {
    dialog = new QProgressDialog(
        tr("Computing every step of %n run(s) for the file…", nullptr, int(job.methods.size())),
        tr("Cancel"), 0, 1000, m_views);
    dialog->setWindowTitle(tr("Export time series"));
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setMinimumDuration(300);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_csvWrite, &BackgroundWrite::progressed, dialog,
            [dialog](double f) { dialog->setValue(int(1000 * f)); });
    connect(dialog, &QProgressDialog::canceled, m_csvWrite, &BackgroundWrite::cancel);
  }
  m_csvWrite->start(
      [path, job, every](const std::function<bool(double)>& progress, QString* error) {
        return saveJobCsv(path, job, progress, error, every);
      },
      [dialog, done](bool ok, const QString& error) {
        if (dialog) dialog->close();
        done(ok, error);
      });
}

// what the plots show: the system, its parameters, the step and horizon, the methods
QString SimulationMode::figureCaption() const {
  const SimJob& job = m_session->job();
  if (!job.model) return {};
  QStringList parts;
  for (const ParamSpec& p : job.model->paramsFor(job.values)) {
    const auto it = job.values.find(p.name);
    if (it == job.values.end()) continue;
    QStringList v;
    for (double x : it->second) v << QString::number(x, 'g', 6);
    // no line break inside "name = value unit" (no-break spaces)
    parts << QString("%1\u00a0=\u00a0%2%3")
                 .arg(QString::fromStdString(typeset(p.name)),
                      v.size() > 1 ? "(" + v.join(", ") + ")" : v.value(0),
                      p.unit.empty() ? QString() : "\u00a0" + plotSymbol(p.unit));
  }
  const IntegratorSettings& s = job.settings;
  parts << QString("h\u00a0=\u00a0%1\u00a0s, T\u00a0=\u00a0%2\u00a0s")
               .arg(numberText(s.h, 6), numberText(s.T, 6));
  QStringList methods;
  bool adaptive = false;
  for (Method m : job.methods) {
    methods << methodLabel(m, s.controller);
    adaptive = adaptive || methodInfo(m).adaptive;
  }
  if (adaptive)
    parts << QString("RelTol\u00a0=\u00a0%1, AbsTol\u00a0=\u00a0%2")
                 .arg(numberText(s.rtol), numberText(s.atol));
  return QString("%1: %2. Methods: %3.")
      .arg(QString::fromStdString(job.model->title()), parts.join(", "), methods.join(", "));
}

std::optional<Scenario> SimulationMode::scenario() const {
  if (!m_model) return std::nullopt;
  Scenario s;
  s.system = m_model->name();
  s.potential = m_params->potentialText();
  s.parameters = m_params->values();
  s.settings = m_params->settings();
  s.methods = m_params->methods();
  s.controlLaw = m_params->forcingPanel()->law().text;
  return s;
}

void SimulationMode::applyScenario(const Scenario& s) {
  // parseScenario accepted the text already; the system's own potential when it has none
  m_params->setPotential(s.potential);
  m_model = m_params->system();
  m_params->setScenario(s.parameters, s.settings);
  // a file without "methods" means the article's pair
  m_params->setMethods(s.methods);
  // the scenario's control law into the forcing panel, on; none: the panel's fields cleared
  // and the law off, so every method plays the free motion the file describes
  if (m_model) {
    if (!s.controlLaw.empty()) {
      showLaw(s.controlLaw);
    } else {
      m_params->forcingPanel()->setSystem(m_model);
      updateControl(m_model->normalize(m_params->values(), nullptr));
    }
  }
  if (m_model) m_kept[m_model->name()] = *scenario();  // also while inactive
  recompute();
}

void SimulationMode::saveSettings(QSettings& s) const {
  s.setValue("simulation/logScale", m_plots->logScale());
  for (const auto& [system, kept] : m_kept)
    s.setValue(QString::fromStdString("simulation/scenario/" + system),
               QString::fromStdString(scenarioToJson(kept)));
}

void SimulationMode::restoreSettings(const QSettings& s) {
  m_logAction->setChecked(s.value("simulation/logScale", m_plots->logScale()).toBool());
  // what each system was left with, as a scenario; one this build cannot read (another
  // version's, edited by hand, values out of range) is dropped: the article's values instead
  for (const SystemModel* model : allSystems()) {
    const QString text =
        s.value(QString::fromStdString("simulation/scenario/" + model->name())).toString();
    if (text.isEmpty()) continue;
    try {
      Scenario sc = parseScenario(text.toStdString(), nullptr);
      if (sc.system == model->name()) m_kept[model->name()] = std::move(sc);
    } catch (const InputError&) {
    }
  }
}

void SimulationMode::showLaw(const std::string& text) {
  // the law's expressions, checked at the panel's values, into the fields, the law on
  const ParamValues values = m_model->normalize(m_params->values(), nullptr);
  const TypedControlLaw law = parseControlLaw(*m_model, values, text);
  std::vector<std::string> fields;
  std::size_t at = 0;
  // a built-in law whole in the first field, the others empty (forcingLaw reads it so)
  if (law.builtin) fields.push_back(text);
  for (const StatePartSpec& ch : m_model->declaration().controls) {
    if (law.builtin) {
      if (fields.size() < m_model->declaration().controls.size()) fields.push_back("");
      continue;
    }
    std::string f;
    for (std::size_t i = 0; i < declaredSize(ch.shape, values); ++i)
      f += (i ? ", " : "") + law.expressions.at(at++);
    fields.push_back(f);
  }
  m_params->forcingPanel()->setLaw(fields, true);
  updateControl(values);
}

void SimulationMode::applySet(const std::string& name, const std::vector<double>& value) {
  m_params->setValue(name, value);
}

void SimulationMode::applyChoice(const std::string& name, const std::string& value) {
  if (name == "show" && m_model) return showView(value);
  if (name == "potential" && m_model) {
    // the system with that potential in force (InputError, nothing changed, when refused)
    m_params->setPotential(value);
    m_model = m_params->system();
    return scheduleRecompute();
  }
  if (name == "law" && m_model) {
    showLaw(value);
    return scheduleRecompute();
  }
  if (name != "methods" || !m_model) throw InputError("unknown option '" + name + "'");
  std::vector<std::string> names;
  for (const QString& n : QString::fromStdString(value).split(','))
    names.push_back(n.trimmed().toStdString());
  m_params->setMethods(parseMethodList(*m_model, names, "--methods"));
  scheduleRecompute();
}

void SimulationMode::showView(const std::string& key) {
  static const std::map<std::string, PlotView> views = {
      {"errors", PlotView::Errors},     {"energy", PlotView::Energy},
      {"phase", PlotView::Phase},       {"state", PlotView::State},
      {"momentum", PlotView::Momentum}, {"control", PlotView::Control}};
  const auto it = views.find(key);
  if (it == views.end()) throw InputError("'" + key + "' is not a view");
  // the plots know what the system has once they have its quantities at these values
  const ParamValues values = m_model->normalize(m_params->values(), nullptr);
  m_plots->setQuantities(*m_model, values, m_params->methods());
  updateControl(values);
  if (!m_plots->setView(it->second))
    throw InputError("the system '" + m_model->name() + "' has no " +
                     m_plots->viewTitle(it->second).toLower().toStdString() + " view");
}

QString SimulationMode::playTimeProblem(double t) const {
  const double T = m_params->settings().T;
  if (t <= T) return {};
  return tr("%1 exceeds the horizon T = %2 (raise it with --set T=...)")
      .arg(numberText(t, 10), numberText(T, 10));
}

bool SimulationMode::start(QString* problem) {
  recompute();
  if (!m_params->problem().isEmpty()) {
    if (problem) *problem = m_params->problem();
    return false;
  }
  if (interactive()) playback()->play();
  return true;
}

}  // namespace dms::ui
