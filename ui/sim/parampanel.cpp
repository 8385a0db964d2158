// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/parampanel.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSlider>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

#include "core/systems/typedpotential.h"
#include "ui/common/messageline.h"
#include "ui/common/palette.h"
#include "ui/common/paramform.h"
#include "ui/sim/forcingpanel.h"
#include "ui/sim/methodpicker.h"
#include "ui/sim/potentialeditor.h"

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
  // the choices of the settings' table, each a list of its values
  for (const SettingKey& k : settingKeys()) {
    if (!k.isChoice()) continue;
    auto* box = new QComboBox;
    box->setObjectName(QString::fromStdString(k.name));
    for (const SettingChoice& c : k.choices)
      box->addItem(QString::fromStdString(c.label), QString::fromStdString(c.name));
    box->setToolTip(QString::fromStdString(k.description + " (read by " + methodsReading(k) + ")"));
    m_settings->addRow(QString::fromStdString(k.name), box);
    m_choices.emplace_back(&k, box);
  }
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
  for (const auto& [key, box] : m_choices)
    connect(box, &QComboBox::currentIndexChanged, this, &ParamPanel::changed);
  m_methods = new MethodPicker(this);
  connect(m_methods, &MethodPicker::changed, this, &ParamPanel::changed);

  m_potential = new PotentialEditor(this);
  m_potential->setVisible(false);
  connect(m_potential, &PotentialEditor::accepted, this,
          [this](std::shared_ptr<const SystemModel> model) {
            adopt(std::move(model));
            emit systemChanged();
            emit changed();
          });
  layout->addWidget(m_potential);
  layout->addWidget(boxAround(tr("Parameters"), m_params, this));
  auto* reset = new QPushButton(tr("Reset to article values"), this);
  reset->setToolTip(tr("Parameters, step size and horizon of the article's example"));
  connect(reset, &QPushButton::clicked, this, &ParamPanel::resetToArticle);
  layout->addWidget(reset);
  m_message = new MessageLine(3, this);
  layout->addWidget(m_message);
  layout->addWidget(m_methods);
  m_forcing = new ForcingPanel(this);
  connect(m_forcing, &ForcingPanel::changed, this, &ParamPanel::changed);
  layout->addWidget(m_forcing);
  layout->addWidget(boxAround(tr("Integrator"), m_settings, this));
  layout->addStretch(1);
}

void ParamPanel::setSystem(const SystemModel* model) {
  m_model = model;
  m_registry = model;
  m_params->setSpecs(withRanges(model->params()));
  offerRanges();
  m_potential->setSystem(model, model);
  m_methods->setSystem(model);
  m_forcing->setSystem(model);
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
  m_params->setSpecs(withRanges(specs));
  offerRanges();
  m_params->setValues(full);
  m_structure = structure(full);
}

void ParamPanel::setPotential(const std::string& text) {
  if (!m_registry) return;
  if (text.empty()) {
    if (m_model != m_registry) adopt(nullptr);
    return;
  }
  const std::pair<std::string, std::string> key{m_registry->name(), text};
  auto it = m_instances.find(key);
  adopt(it != m_instances.end() ? it->second : withPotential(*m_registry, text));
}

std::string ParamPanel::potentialText() const {
  if (!m_model || m_model == m_registry) return {};
  const TypedPotentialSystem* typed = typedPotential(*m_model);
  return typed ? typed->potential().text : std::string();
}

void ParamPanel::adopt(std::shared_ptr<const SystemModel> model) {
  const ParamValues old = m_params->values();
  if (model) {
    const TypedPotentialSystem* typed = typedPotential(*model);
    auto& kept = m_instances[{model->name(), typed ? typed->potential().text : std::string()}];
    if (!kept) kept = model;
    m_model = kept.get();
  } else {
    m_model = m_registry;
  }
  const std::vector<ParamSpec> specs = withRanges(m_model->params());
  ParamValues full = defaultValues(specs);
  for (auto& [name, value] : full) {
    const auto it = old.find(name);
    if (it != old.end()) value = it->second;
  }
  m_params->setSpecs(specs);
  offerRanges();
  m_params->setValues(full);
  m_structure = structure(full);
  m_potential->setSystem(m_registry, m_model);
}

std::vector<ParamSpec> ParamPanel::withRanges(std::vector<ParamSpec> specs) const {
  for (ParamSpec& s : specs) {
    // a symbol of a typed potential has no default (the core refuses it missing): the form
    // needs a value to start from
    if (s.defaults.empty() && !s.isDerived()) s.defaults.assign(std::size_t(s.dim), 1.0);
    const auto it = m_ranges.find(s.name);
    if (it == m_ranges.end() || s.dim != 1) continue;
    s.sliderMin = std::max(it->second.first, s.min);
    s.sliderMax = std::min(it->second.second, s.max);
  }
  return specs;
}

void ParamPanel::setSliderRange(const std::string& name, double lo, double hi) {
  if (!std::isfinite(lo) || !std::isfinite(hi) || !(lo < hi))
    throw InputError("slider range of " + name + ": the lower end must be below the upper");
  m_ranges[name] = {lo, hi};
  // the rows again with the new range, every value kept (a value outside it stays in force)
  const ParamValues v = m_params->values();
  m_params->setSpecs(withRanges(m_model->paramsFor(v)));
  offerRanges();
  m_params->setValues(v);
}

void ParamPanel::offerRanges() {
  const TypedPotentialSystem* typed = m_model ? typedPotential(*m_model) : nullptr;
  if (!typed) return;
  for (const std::string& name : typed->potential().parameters) {
    QSlider* s = m_params->slider(name);
    if (!s) continue;
    s->setContextMenuPolicy(Qt::CustomContextMenu);
    s->setToolTip(s->toolTip() + tr("\nRight-click: set the slider's range"));
    connect(s, &QSlider::customContextMenuRequested, this, [this, s, name](const QPoint& at) {
      QMenu menu;
      menu.addAction(tr("Slider range of %1…").arg(QString::fromStdString(name)), this,
                     [this, name] { askRange(name); });
      menu.exec(s->mapToGlobal(at));
    });
  }
}

void ParamPanel::askRange(const std::string& name) {
  const QSlider* slider = m_params->slider(name);
  const ParamSpec* spec = findSpec(m_params->specs(), name);
  if (!slider || !spec) return;
  QDialog dialog(this);
  dialog.setWindowTitle(tr("Slider range of %1").arg(QString::fromStdString(name)));
  auto* form = new QFormLayout(&dialog);
  QDoubleSpinBox* ends[2];
  for (int k = 0; k < 2; ++k) {
    ends[k] = new QDoubleSpinBox(&dialog);
    ends[k]->setDecimals(6);
    ends[k]->setRange(spec->min, spec->max);
    ends[k]->setValue(k == 0 ? spec->sliderMin : spec->sliderMax);
    form->addRow(k == 0 ? tr("from") : tr("to"), ends[k]);
  }
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
  connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  form->addRow(buttons);
  if (dialog.exec() != QDialog::Accepted) return;
  try {
    setSliderRange(name, ends[0]->value(), ends[1]->value());
  } catch (const InputError& e) {
    showProblem(QString::fromStdString(e.what()));
  }
}

void ParamPanel::setScenario(const ParamValues& values, const IntegratorSettings& settings) {
  m_structure.clear();
  followStructure(values);
  m_params->setValues(values);
  m_base = settings;
  ParamValues numbers;
  for (const SettingKey& k : settingKeys())
    if (!k.isChoice()) numbers[k.name] = {settingNumber(settings, k)};
  m_settings->setValues(numbers);
  // sliders around the set-up's values of the settings every method reads (h and T): a system
  // whose step is a minute (the two-body problem's) or 2^-13 s (the heavy top's) would
  // otherwise drop its step to the generic slider's end at the first notch
  for (const SettingKey& k : settingKeys()) {
    if (k.isChoice() || k.scope != SettingScope::Every) continue;
    const auto [lo, hi] = ParamForm::sliderRangeAround(*k.spec, settingNumber(settings, k));
    m_settings->setSliderRange(k.name, lo, hi);
  }
  for (const auto& [key, box] : m_choices) {
    box->blockSignals(true);
    box->setCurrentIndex(box->findData(QString::fromStdString(settingText(settings, *key))));
    box->blockSignals(false);
  }
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
  if (m_model != m_registry) {  // the system's own potential again
    adopt(nullptr);
    emit systemChanged();
  }
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
  for (const SettingKey& k : settingKeys())
    if (!k.isChoice()) setSettingNumber(s, k, v.at(k.name).front());
  for (const auto& [key, box] : m_choices)
    key->setChoice(s, parseChoice(*key, box->currentData().toString().toStdString()));
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
