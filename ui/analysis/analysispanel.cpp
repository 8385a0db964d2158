#include "ui/analysis/analysispanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardItemModel>
#include <QStyle>
#include <QVBoxLayout>
#include <algorithm>

#include "core/params.h"
#include "ui/common/methodlook.h"
#include "ui/common/palette.h"

namespace dms::ui {

namespace {

QString listText(const std::vector<double>& xs) {
  QStringList parts;
  for (double x : xs) parts << QString::number(x, 'g', 12);
  return parts.join(", ");
}

// numbers separated by commas or spaces; throws InputError naming `field`
std::vector<double> parseList(const QString& text, const std::string& field) {
  std::vector<double> xs;
  for (const QString& part : text.split(QRegularExpression("[,\\s]+"), Qt::SkipEmptyParts))
    xs.push_back(parseNumber(part.toStdString(), field));
  return xs;
}

}  // namespace

AnalysisPanel::AnalysisPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  auto* title = new QLabel(tr("<b>Work-precision and convergence</b>"));
  title->setWordWrap(true);
  layout->addWidget(title);
  auto* methods = new QGroupBox(tr("Methods"));
  m_methodsBox = new QVBoxLayout(methods);
  layout->addWidget(methods);

  auto* inputs = new QGroupBox(tr("Sweep"));
  auto* form = new QFormLayout(inputs);
  m_steps = new QLineEdit;
  m_steps->setObjectName("steps");
  m_steps->setToolTip(
      tr("Step sizes of the fixed-step methods, separated by commas; T must be "
         "a whole number of each"));
  m_rtols = new QLineEdit;
  m_rtols->setObjectName("rtols");
  m_rtols->setToolTip(
      tr("RelTol values of the adaptive methods (AbsTol = RelTol / 1000), "
         "from 1e-11 to 0.1"));
  m_T = new QLineEdit;
  m_T->setObjectName("T");
  m_T->setToolTip(tr("The horizon: every run's error is measured at T"));
  form->addRow(tr("h values [s]"), m_steps);
  form->addRow(tr("RelTol values"), m_rtols);
  form->addRow(tr("T [s]"), m_T);
  layout->addWidget(inputs);
  for (QLineEdit* e : {m_steps, m_rtols, m_T})
    connect(e, &QLineEdit::textEdited, this, &AnalysisPanel::inputsEdited);

  auto* view = new QGroupBox(tr("Show"));
  auto* viewForm = new QFormLayout(view);
  m_error = new QComboBox;
  m_error->setObjectName("error");
  m_error->addItem(tr("global error at T (on the manifold)"), int(SweepError::Global));
  m_error->addItem(tr("max energy error"), int(SweepError::Energy));
  m_error->addItem(tr("max structure error"), int(SweepError::Structure));
  m_error->addItem(tr("max momentum error"), int(SweepError::Momentum));
  m_cost = new QComboBox;
  m_cost->setObjectName("cost");
  // evaluations by default: they do not depend on the machine's load, where the CPU time of a
  // run of a millisecond does
  m_cost->addItem(tr("evaluations"), int(SweepCost::Evaluations));
  m_cost->addItem(tr("CPU time"), int(SweepCost::Cpu));
  viewForm->addRow(tr("Error"), m_error);
  viewForm->addRow(tr("Cost"), m_cost);
  layout->addWidget(view);
  for (QComboBox* c : {m_error, m_cost})
    connect(c, &QComboBox::currentIndexChanged, this, &AnalysisPanel::viewChanged);

  auto* buttons = new QHBoxLayout;
  m_run = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Run"));
  m_cancel = new QPushButton(style()->standardIcon(QStyle::SP_DialogCancelButton), tr("Cancel"));
  m_defaults = new QPushButton(tr("Defaults"));
  m_run->setObjectName("run");
  m_cancel->setObjectName("cancel");
  buttons->addWidget(m_run);
  buttons->addWidget(m_cancel);
  buttons->addWidget(m_defaults);
  layout->addLayout(buttons);
  connect(m_run, &QPushButton::clicked, this, &AnalysisPanel::runRequested);
  connect(m_cancel, &QPushButton::clicked, this, &AnalysisPanel::cancelRequested);
  connect(m_defaults, &QPushButton::clicked, this, &AnalysisPanel::defaultsRequested);
  m_problem = new QLabel;
  m_problem->setWordWrap(true);
  m_problem->setStyleSheet(QString("color: %1").arg(errorColor().name()));
  m_summary = new QLabel;
  m_summary->setWordWrap(true);
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_problem);
  layout->addWidget(m_summary);
  layout->addStretch(1);
  setRunning(false);
}

void AnalysisPanel::setSweep(const SystemModel* model, const SweepSpec& spec) {
  m_model = model;
  m_base = spec;
  for (auto& [m, box] : m_methods) delete box;
  m_methods.clear();
  for (Method m : model->methods()) {
    auto* box = new QCheckBox(QString::fromStdString(methodInfo(m).label));
    box->setToolTip(QString::fromStdString(methodInfo(m).description));
    box->setObjectName(QString::fromStdString(methodInfo(m).name));
    box->setChecked(std::find(spec.methods.begin(), spec.methods.end(), m) != spec.methods.end());
    connect(box, &QCheckBox::toggled, this, &AnalysisPanel::inputsEdited);
    QPalette pal = box->palette();
    pal.setColor(QPalette::WindowText, methodLook(m).color.darker(130));
    box->setPalette(pal);
    m_methodsBox->addWidget(box);
    m_methods[m] = box;
  }
  m_steps->setText(listText(spec.steps));
  m_rtols->setText(listText(spec.rtols));
  m_T->setText(QString::number(spec.T, 'g', 12));
  for (QLineEdit* e : {m_steps, m_rtols, m_T}) e->setCursorPosition(0);
  const bool structure = !model->structureName().empty(), momentum = model->hasMomentum();
  auto* items = qobject_cast<QStandardItemModel*>(m_error->model());
  if (items) {
    items->item(int(SweepError::Structure))->setEnabled(structure);
    items->item(int(SweepError::Momentum))->setEnabled(momentum);
  }
  const SweepError e = error();
  if ((e == SweepError::Structure && !structure) || (e == SweepError::Momentum && !momentum))
    m_error->setCurrentIndex(int(SweepError::Global));
}

SweepSpec AnalysisPanel::sweep() const {
  SweepSpec s = m_base;
  s.methods.clear();
  if (m_model)
    for (Method m : m_model->methods())
      if (m_methods.count(m) && m_methods.at(m)->isChecked()) s.methods.push_back(m);
  s.steps = parseList(m_steps->text(), "h values");
  s.rtols = parseList(m_rtols->text(), "RelTol values");
  const std::vector<double> T = parseList(m_T->text(), "T");
  if (T.size() != 1) throw InputError("T: one number, the horizon in seconds");
  s.T = T.front();
  try {
    validateSweep(s);
  } catch (const InputError& e) {
    // the command line's flags as the panel labels them
    QString text = QString::fromStdString(e.what());
    text.replace("--methods", tr("Methods")).replace("--h", tr("h values"));
    text.replace("--rtol", tr("RelTol values")).replace("--T", "T");
    throw InputError(text.toStdString());
  }
  return s;
}

SweepError AnalysisPanel::error() const { return SweepError(m_error->currentData().toInt()); }

SweepCost AnalysisPanel::cost() const { return SweepCost(m_cost->currentData().toInt()); }

void AnalysisPanel::setRunning(bool running) {
  m_run->setEnabled(!running);
  m_cancel->setEnabled(running);
  m_defaults->setEnabled(!running);
}

void AnalysisPanel::setProblem(const QString& text) { m_problem->setText(text); }

void AnalysisPanel::setSummary(const QString& text) { m_summary->setText(text); }

QCheckBox* AnalysisPanel::methodBox(Method m) const {
  return m_methods.count(m) ? m_methods.at(m) : nullptr;
}

QString AnalysisPanel::problemText() const { return m_problem->text(); }

}  // namespace dms::ui
