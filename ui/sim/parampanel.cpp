#include "ui/sim/parampanel.h"

#include <QComboBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

namespace dms::ui {

namespace {

constexpr int kSliderSteps = 1000;

// the shortest text (at most 8 significant digits) that reads back as v, else 8 digits
QString shortNumber(double v) {
  // plain decimals where they read well (200, 0.035), else scientific (1e-10)
  if (v == 0.0 || (std::fabs(v) >= 1e-3 && std::fabs(v) < 1e7)) {
    for (int dec = 0; dec <= 8; ++dec) {
      const QString s = QString::number(v, 'f', dec);
      if (s.toDouble() == v) return s;
    }
  }
  for (int prec = 1; prec <= 8; ++prec) {
    const QString s = QString::number(v, 'g', prec);
    if (s.toDouble() == v) return s;
  }
  return QString::number(v, 'g', 8);
}

// a value rounded to 3 significant digits (log sliders give "nice" values)
double roundSignificant(double v) {
  if (v == 0.0 || !std::isfinite(v)) return v;
  return QString::number(v, 'g', 3).toDouble();
}

QString componentLabel(const ParamSpec& s, int c) {
  static const char* axes[] = {"x", "y", "z"};
  QString name = QString::fromStdString(s.name);
  if (s.dim > 1) name += QString(" (%1)").arg(c < 3 ? axes[c] : "?");
  return name;
}

}  // namespace

NumberSpinBox::NumberSpinBox(QWidget* parent) : QDoubleSpinBox(parent) {
  setDecimals(323);  // no rounding of the value: the text is formatted by textFromValue
  setKeyboardTracking(false);
  setAccelerated(true);
  setMinimumWidth(104);
  setAlignment(Qt::AlignRight);
}

QString NumberSpinBox::textFromValue(double value) const { return shortNumber(value); }

double NumberSpinBox::valueFromText(const QString& text) const {
  bool ok = false;
  const double v = text.trimmed().toDouble(&ok);
  return ok ? v : value();
}

QValidator::State NumberSpinBox::validate(QString& text, int&) const {
  const QString t = text.trimmed();
  if (t.isEmpty() || t == "-" || t == "+" || t.endsWith('e', Qt::CaseInsensitive) ||
      t.endsWith("e-", Qt::CaseInsensitive) || t.endsWith("e+", Qt::CaseInsensitive) ||
      t == "." || t == "-.")
    return QValidator::Intermediate;
  bool ok = false;
  const double v = t.toDouble(&ok);
  if (!ok || !std::isfinite(v)) return QValidator::Invalid;
  return (v >= minimum() && v <= maximum()) ? QValidator::Acceptable : QValidator::Intermediate;
}

void NumberSpinBox::stepBy(int steps) {
  if (m_log && value() > 0) {
    setValue(roundSignificant(value() * std::pow(10.0, 0.1 * steps)));
  } else {
    QDoubleSpinBox::stepBy(steps);
  }
}

ParamPanel::ParamPanel(QWidget* parent) : QWidget(parent) {
  m_layout = new QVBoxLayout(this);
  m_layout->setContentsMargins(0, 0, 0, 0);
  m_paramBox = new QGroupBox(tr("Parameters"), this);
  m_settingsBox = new QGroupBox(tr("Integrator"), this);
  m_layout->addWidget(m_paramBox);

  auto* reset = new QPushButton(tr("Reset to article values"), this);
  reset->setToolTip(tr("Parameters, step size and horizon of the article's example"));
  connect(reset, &QPushButton::clicked, this, &ParamPanel::resetToArticle);
  m_layout->addWidget(reset);

  m_problem = new QLabel(this);
  m_problem->setWordWrap(true);
  m_problem->setStyleSheet("QLabel { color: #b00020; font-weight: bold; }");
  m_problem->setVisible(false);
  m_layout->addWidget(m_problem);
  m_note = new QLabel(this);
  m_note->setWordWrap(true);
  m_note->setStyleSheet("QLabel { color: #555555; }");
  m_note->setVisible(false);
  m_layout->addWidget(m_note);

  m_layout->addWidget(m_settingsBox);
  m_layout->addStretch(1);
}

void ParamPanel::addRows(QGroupBox* box, const std::vector<ParamSpec>& specs,
                         std::vector<Row>& rows) {
  delete box->layout();
  for (QWidget* w : box->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) delete w;
  rows.clear();
  auto* grid = new QGridLayout(box);
  grid->setColumnStretch(1, 1);
  grid->setHorizontalSpacing(8);
  grid->setVerticalSpacing(4);
  int r = 0;
  for (const ParamSpec& s : specs) {
    for (int c = 0; c < s.dim; ++c) {
      Row row;
      row.name = s.name;
      row.component = c;
      row.spec = s;
      row.log = s.sliderMin > 0 && s.sliderMax / s.sliderMin >= 1e3;
      const QString tip =
          QString("<b>%1</b>%2<br>%3<br>allowed: %4 %5<br>slider: %6 to %7%8")
              .arg(QString::fromStdString(s.name),
                   s.unit.empty() ? QString() : QString(" [%1]").arg(QString::fromStdString(s.unit)),
                   QString::fromStdString(s.description).toHtmlEscaped(),
                   QString::fromStdString(s.rangeText()), QString::fromStdString(s.unit),
                   shortNumber(s.sliderMin), shortNumber(s.sliderMax),
                   row.log ? QString(" (log scale)") : QString());
      auto* label = new QLabel(componentLabel(s, c), box);
      label->setToolTip(tip);
      row.slider = new QSlider(Qt::Horizontal, box);
      row.slider->setRange(0, kSliderSteps);
      row.slider->setToolTip(tip);
      row.slider->setMinimumWidth(70);
      row.spin = new NumberSpinBox(box);
      row.spin->setLogSteps(row.log);
      const double inf = std::numeric_limits<double>::infinity();
      row.spin->setMinimum(s.minOpen ? std::nextafter(s.min, inf) : s.min);
      row.spin->setMaximum(s.maxOpen ? std::nextafter(s.max, -inf) : s.max);
      row.spin->setSingleStep((s.sliderMax - s.sliderMin) / 100.0);
      row.spin->setToolTip(tip);
      auto* unit = new QLabel(QString::fromStdString(s.unit), box);
      unit->setMinimumWidth(40);
      grid->addWidget(label, r, 0);
      grid->addWidget(row.slider, r, 1);
      grid->addWidget(row.spin, r, 2);
      grid->addWidget(unit, r, 3);
      rows.push_back(row);
      ++r;
    }
  }
  // connect after the rows vector is final (rows hold raw widget pointers)
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::vector<Row>* list = &rows;
    connect(rows[i].slider, &QSlider::valueChanged, this, [this, list, i](int pos) {
      Row& row = (*list)[i];
      const double v = sliderValue(row, pos);
      row.spin->blockSignals(true);
      row.spin->setValue(v);
      row.spin->blockSignals(false);
      emit changed();
    });
    connect(rows[i].spin, &QDoubleSpinBox::valueChanged, this, [this, list, i](double v) {
      Row& row = (*list)[i];
      row.slider->blockSignals(true);
      row.slider->setValue(sliderPosition(row, v));
      row.slider->blockSignals(false);
      emit changed();
    });
  }
  if (box == m_settingsBox) {
    m_controller = new QComboBox(box);
    m_controller->addItem(tr("ode45 (MATLAB)"), int(RkController::Ode45));
    m_controller->addItem(tr("SciPy RK45"), int(RkController::Scipy));
    m_controller->setToolTip(tr("Step-size controller of the RK45 baseline; the article's is ode45"));
    m_sampling = new QComboBox(box);
    m_sampling->addItem(tr("at t = k h"), int(RkSampling::Output));
    m_sampling->addItem(tr("at its steps"), int(RkSampling::Steps));
    m_sampling->setToolTip(tr("RK45 samples: dense output at the variational sample times, or "
                              "its own accepted steps"));
    grid->addWidget(new QLabel(tr("RK45"), box), r, 0);
    grid->addWidget(m_controller, r, 1, 1, 3);
    grid->addWidget(new QLabel(tr("samples"), box), r + 1, 0);
    grid->addWidget(m_sampling, r + 1, 1, 1, 3);
    connect(m_controller, &QComboBox::currentIndexChanged, this, &ParamPanel::changed);
    connect(m_sampling, &QComboBox::currentIndexChanged, this, &ParamPanel::changed);
  }
}

int ParamPanel::sliderPosition(const Row& row, double v) const {
  const ParamSpec& s = row.spec;
  double f;
  if (row.log)
    f = v > 0 ? std::log(v / s.sliderMin) / std::log(s.sliderMax / s.sliderMin) : 0.0;
  else
    f = s.sliderMax > s.sliderMin ? (v - s.sliderMin) / (s.sliderMax - s.sliderMin) : 0.0;
  return int(std::lround(std::clamp(f, 0.0, 1.0) * kSliderSteps));
}

double ParamPanel::sliderValue(const Row& row, int pos) const {
  const ParamSpec& s = row.spec;
  const double f = double(pos) / kSliderSteps;
  if (row.log) return roundSignificant(s.sliderMin * std::pow(s.sliderMax / s.sliderMin, f));
  // snap to the slider's grid: (max - min) / 1000 steps give short decimals
  const double step = (s.sliderMax - s.sliderMin) / kSliderSteps;
  return QString::number(s.sliderMin + step * pos, 'g', 6).toDouble();
}

void ParamPanel::setRowValue(Row& row, double v) {
  row.spin->blockSignals(true);
  row.slider->blockSignals(true);
  row.spin->setValue(v);
  row.slider->setValue(sliderPosition(row, v));
  row.spin->blockSignals(false);
  row.slider->blockSignals(false);
}

void ParamPanel::setSystem(const SystemModel* model) {
  m_model = model;
  addRows(m_paramBox, model->params(), m_paramRows);
  if (m_settingRows.empty()) addRows(m_settingsBox, integratorSpecs(), m_settingRows);
  setScenario(defaultValues(model->params()), model->defaultSettings());
  showProblem({});
  showNote({});
}

void ParamPanel::setScenario(const ParamValues& values, const IntegratorSettings& settings) {
  for (Row& row : m_paramRows) {
    const auto it = values.find(row.name);
    if (it != values.end() && row.component < int(it->second.size()))
      setRowValue(row, it->second[std::size_t(row.component)]);
  }
  m_base = settings;
  const double s[] = {settings.h, settings.T, settings.rtol, settings.atol};
  for (std::size_t i = 0; i < m_settingRows.size() && i < 4; ++i) setRowValue(m_settingRows[i], s[i]);
  m_controller->blockSignals(true);
  m_sampling->blockSignals(true);
  m_controller->setCurrentIndex(m_controller->findData(int(settings.controller)));
  m_sampling->setCurrentIndex(m_sampling->findData(int(settings.sampling)));
  m_controller->blockSignals(false);
  m_sampling->blockSignals(false);
}

void ParamPanel::setValue(const std::string& name, const std::vector<double>& value) {
  const ParamSpec* spec = findSpec(m_model->params(), name);
  std::vector<Row>* rows = &m_paramRows;
  if (!spec) {
    spec = findSpec(integratorSpecs(), name);
    rows = &m_settingRows;
  }
  if (!spec) {
    ParamValues dummy;
    applyAssignment(m_model->params(), dummy, name, value);  // throws, naming the parameters
  }
  checkValue(*spec, value);
  for (Row& row : *rows)
    if (row.name == name) setRowValue(row, value[std::size_t(row.component)]);
  emit changed();
}

void ParamPanel::resetToArticle() {
  setScenario(defaultValues(m_model->params()), m_model->defaultSettings());
  emit changed();
}

ParamValues ParamPanel::values() const {
  ParamValues v = defaultValues(m_model->params());
  for (const Row& row : m_paramRows) v[row.name][std::size_t(row.component)] = row.spin->value();
  return v;
}

IntegratorSettings ParamPanel::settings() const {
  IntegratorSettings s = m_base;
  s.h = m_settingRows[0].spin->value();
  s.T = m_settingRows[1].spin->value();
  s.rtol = m_settingRows[2].spin->value();
  s.atol = m_settingRows[3].spin->value();
  s.controller = RkController(m_controller->currentData().toInt());
  s.sampling = RkSampling(m_sampling->currentData().toInt());
  return s;
}

void ParamPanel::showProblem(const QString& text) {
  m_problem->setText(text);
  m_problem->setVisible(!text.isEmpty());
}

void ParamPanel::showNote(const QString& text) {
  m_note->setText(text);
  m_note->setVisible(!text.isEmpty());
}

QString ParamPanel::problem() const { return m_problem->text(); }

const ParamPanel::Row* ParamPanel::findRow(const std::string& name, int component) const {
  for (const std::vector<Row>* rows : {&m_paramRows, &m_settingRows})
    for (const Row& r : *rows)
      if (r.name == name && r.component == component) return &r;
  return nullptr;
}

QSlider* ParamPanel::slider(const std::string& name, int component) const {
  const Row* r = findRow(name, component);
  return r ? r->slider : nullptr;
}

QDoubleSpinBox* ParamPanel::spinBox(const std::string& name, int component) const {
  const Row* r = findRow(name, component);
  return r ? r->spin : nullptr;
}

}  // namespace dms::ui
