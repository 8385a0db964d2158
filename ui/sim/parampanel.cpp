// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/parampanel.h"

#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QTimer>
#include <QVBoxLayout>

#include "ui/common/messageline.h"
#include "ui/common/palette.h"
#include "ui/common/paramform.h"
#include "ui/sim/methodpicker.h"

namespace dms::ui {

namespace {

QGroupBox* boxAround(const QString& title, QWidget* form, QWidget* parent) {
  auto* box = new QGroupBox(title, parent);
  auto* layout = new QVBoxLayout(box);
  layout->addWidget(form);
  return box;
}

}  // namespace

ParamPanel::ParamPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  m_params = new ParamForm(ParamForm::Style::Sliders, this);
  m_settings = new ParamForm(ParamForm::Style::Sliders, this);
  m_settings->setSpecs(integratorSpecs());
  m_controller = new QComboBox;
  m_controller->addItem(tr("ode45 (MATLAB)"), int(RkController::Ode45));
  m_controller->addItem(tr("SciPy RK45"), int(RkController::Scipy));
  m_controller->setToolTip(tr("Step-size controller of the RK45 baseline; the article's is ode45"));
  m_sampling = new QComboBox;
  m_sampling->addItem(tr("at t = k h"), int(RkSampling::Output));
  m_sampling->addItem(tr("at its steps"), int(RkSampling::Steps));
  m_sampling->setToolTip(
      tr("RK45 samples: dense output at the variational sample times, or its own accepted steps"));
  m_settings->addRow(tr("RK45"), m_controller);
  m_settings->addRow(tr("samples"), m_sampling);
  // a structural parameter (a chain's n) makes another table: rebuilt after the signal that
  // moved it returns (its slider is one of the rows rebuilt)
  connect(m_params, &ParamForm::changed, this, [this] {
    if (structure(m_params->values()) != m_structure)
      QTimer::singleShot(0, this, [this] { followStructure(m_params->values()); });
  });
  for (ParamForm* f : {m_params, m_settings}) {
    connect(f, &ParamForm::changed, this, &ParamPanel::changed);
    connect(f, &ParamForm::rejected, this, &ParamPanel::showProblem);
  }
  for (QComboBox* c : {m_controller, m_sampling})
    connect(c, &QComboBox::currentIndexChanged, this, &ParamPanel::changed);
  m_methods = new MethodPicker(this);
  connect(m_methods, &MethodPicker::changed, this, &ParamPanel::changed);

  layout->addWidget(boxAround(tr("Parameters"), m_params, this));
  auto* reset = new QPushButton(tr("Reset to article values"), this);
  reset->setToolTip(tr("Parameters, step size and horizon of the article's example"));
  connect(reset, &QPushButton::clicked, this, &ParamPanel::resetToArticle);
  layout->addWidget(reset);
  m_message = new MessageLine(3, this);
  layout->addWidget(m_message);
  layout->addWidget(m_methods);
  layout->addWidget(boxAround(tr("Integrator"), m_settings, this));
  layout->addStretch(1);
}

void ParamPanel::setSystem(const SystemModel* model) {
  m_model = model;
  m_params->setSpecs(model->params());
  m_methods->setSystem(model);
  setScenario(defaultValues(model->params()), model->defaultSettings());
  showProblem({});
  showNote({});
}

std::vector<double> ParamPanel::structure(const ParamValues& values) const {
  std::vector<double> out;
  if (!m_model) return out;
  for (const std::string& name : m_model->structuralParams()) {
    const auto it = values.find(name);
    if (it != values.end()) out.insert(out.end(), it->second.begin(), it->second.end());
  }
  return out;
}

void ParamPanel::followStructure(const ParamValues& values) {
  if (!m_model || m_model->structuralParams().empty()) return;
  std::vector<ParamSpec> specs;
  try {
    specs = m_model->paramsFor(values);
  } catch (const InputError&) {
    return;  // a structural value out of range: the form refused it already
  }
  // the new table's defaults, with every value the old one shares with it kept
  ParamValues full = defaultValues(specs);
  for (const auto& [name, value] : values)
    if (full.count(name)) full[name] = value;
  m_params->setSpecs(specs);
  m_params->setValues(full);
  m_structure = structure(full);
}

void ParamPanel::setScenario(const ParamValues& values, const IntegratorSettings& settings) {
  m_structure.clear();
  followStructure(values);
  m_params->setValues(values);
  m_base = settings;
  m_settings->setValues({{"h", {settings.h}},
                         {"T", {settings.T}},
                         {"rtol", {settings.rtol}},
                         {"atol", {settings.atol}}});
  for (QComboBox* c : {m_controller, m_sampling}) c->blockSignals(true);
  m_controller->setCurrentIndex(m_controller->findData(int(settings.controller)));
  m_sampling->setCurrentIndex(m_sampling->findData(int(settings.sampling)));
  for (QComboBox* c : {m_controller, m_sampling}) c->blockSignals(false);
}

void ParamPanel::setValue(const std::string& name, const std::vector<double>& value) {
  const std::vector<ParamSpec> table = m_model->paramsFor(values());
  const ParamSpec* spec = findSpec(table, name);
  ParamForm* form = m_params;
  if (!spec) {
    spec = findSpec(integratorSpecs(), name);
    form = m_settings;
  }
  if (!spec) {
    ParamValues scratch;
    applyAssignment(table, scratch, name, value);  // throws, naming the parameters
  }
  checkValue(*spec, value);
  form->setValue(name, value);
  // a structural value set here (not from a slider) rebuilds the table at once, so that the
  // parameters it makes can be set next
  if (form == m_params && structure(m_params->values()) != m_structure)
    followStructure(m_params->values());
  emit changed();
}

void ParamPanel::resetToArticle() {
  setScenario(defaultValues(m_model->params()), m_model->defaultSettings());
  emit changed();
}

ParamValues ParamPanel::values() const {
  ParamValues v = m_params->values();
  if (!m_model || m_model->structuralParams().empty()) return v;
  // until the form follows a new structural value, only the parameters that value makes
  try {
    const std::vector<ParamSpec> specs = m_model->paramsFor(v);
    for (auto it = v.begin(); it != v.end();)
      it = findSpec(specs, it->first) ? std::next(it) : v.erase(it);
  } catch (const InputError&) {
  }
  return v;
}

std::vector<Method> ParamPanel::methods() const { return m_methods->methods(); }

void ParamPanel::setMethods(const std::vector<Method>& methods) { m_methods->setMethods(methods); }

IntegratorSettings ParamPanel::settings() const {
  const ParamValues v = m_settings->values();
  IntegratorSettings s = m_base;
  s.h = v.at("h").front();
  s.T = v.at("T").front();
  s.rtol = v.at("rtol").front();
  s.atol = v.at("atol").front();
  s.controller = RkController(m_controller->currentData().toInt());
  s.sampling = RkSampling(m_sampling->currentData().toInt());
  return s;
}

void ParamPanel::showProblem(const QString& text) { m_message->setProblem(text); }

void ParamPanel::showNote(const QString& text) { m_message->setNote(text); }

QString ParamPanel::problem() const { return m_message->problem(); }

QSlider* ParamPanel::slider(const std::string& name, int component) const {
  QSlider* s = m_params->slider(name, component);
  return s ? s : m_settings->slider(name, component);
}

QDoubleSpinBox* ParamPanel::spinBox(const std::string& name, int component) const {
  QDoubleSpinBox* s = m_params->spinBox(name, component);
  return s ? s : m_settings->spinBox(name, component);
}

}  // namespace dms::ui
