// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/methodpicker.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QLabel>
#include <QPainter>
#include <QStringList>
#include <QVBoxLayout>
#include <algorithm>

#include "core/notation.h"
#include "ui/common/methodlook.h"
#include "ui/common/palette.h"
#include "ui/scene3d/sceneview.h"

namespace dms::ui {

namespace {

// the method's line as the plots draw it, on a light square
QIcon lineIcon(Method m) {
  const MethodLook look = methodLook(m);
  QPixmap px(28, 14);
  px.fill(Qt::transparent);
  QPainter p(&px);
  p.setRenderHint(QPainter::Antialiasing);
  p.setPen(QPen(look.color, 3.0, look.pen, Qt::FlatCap));
  p.drawLine(QPointF(2, 7), QPointF(26, 7));
  return QIcon(px);
}

// RATTLE is the variational step of (35)-(36) written in (q, p = m l^2 q-dot): its curves lie
// exactly on vi's, so it is drawn dashed (its MethodLook) and says so
bool liesOnVi(const SystemModel* model, Method m) {
  return m == Method::Rattle && model && model->hasMethod(Method::Variational);
}

// The convergence order of the global error in h (the core's), with an adaptive pair's embedded
// orders: Dormand-Prince 5(4), DOP853's 8(5,3) (its error estimate combines orders 5 and 3)
QString orderText(Method m) {
  const MethodInfo& info = methodInfo(m);
  if (m == Method::Rk853) return QStringLiteral("%1(5,3)").arg(info.order);
  return info.adaptive ? QStringLiteral("%1(%2)").arg(info.order).arg(info.order - 1)
                       : QString::number(info.order);
}

// A box's tooltip: the method as the core describes it, then what a user compares methods by,
// from the core's flags: order, symplectic or not, on its manifold (a system with a structure
// error) or not, fixed or adaptive step
QString methodTip(const SystemModel* model, Method m) {
  const MethodInfo& info = methodInfo(m);
  QStringList facts;
  facts << MethodPicker::tr("order %1").arg(orderText(m))
        << (info.symplectic ? MethodPicker::tr("symplectic") : MethodPicker::tr("not symplectic"));
  if (model && !model->structureName().empty())
    facts << (info.keepsStructure
                  ? MethodPicker::tr("stays on its manifold (%1 to round-off)")
                        .arg(QString::fromStdString(typeset(model->structureName())))
                  : MethodPicker::tr("drifts off its manifold (%1 grows)")
                        .arg(QString::fromStdString(typeset(model->structureName()))));
  facts << (info.adaptive ? MethodPicker::tr("adaptive step (rtol, atol)")
                          : MethodPicker::tr("fixed step h"));
  return QStringLiteral("%1: %2\n%3")
      .arg(QString::fromStdString(info.label), QString::fromStdString(info.description),
           facts.join(QStringLiteral(" · ")));
}

}  // namespace

MethodPicker::MethodPicker(QWidget* parent) : QGroupBox(tr("Methods"), parent) {
  auto* layout = new QVBoxLayout(this);
  m_grid = new QGridLayout;
  m_grid->setHorizontalSpacing(12);
  m_grid->setVerticalSpacing(2);
  layout->addLayout(m_grid);
  m_note = new QLabel(this);
  m_note->setWordWrap(true);
  m_note->setStyleSheet(labelStyle(mutedTextColor()));
  m_note->setMinimumHeight(2 * m_note->fontMetrics().height());
  layout->addWidget(m_note);
  setToolTip(tr("The integrators computed side by side; the 3D view shows the first %1")
                 .arg(SceneView::kMaxRuns));
}

void MethodPicker::setSystem(const SystemModel* model) {
  m_model = model;
  for (auto& [m, box] : m_boxes) delete box;
  m_boxes.clear();
  const std::vector<Method> methods = model->methods();
  for (std::size_t i = 0; i < methods.size(); ++i) {
    const MethodInfo& info = methodInfo(methods[i]);
    auto* box = new QCheckBox(QString::fromStdString(info.name), this);
    box->setObjectName(QString::fromStdString("method-" + info.name));
    box->setIcon(lineIcon(methods[i]));
    box->setIconSize(QSize(28, 14));
    QString tip = methodTip(model, methods[i]);
    if (liesOnVi(model, methods[i]))
      tip +=
          tr("\nrattle: the same map as vi in other coordinates: its curves lie on vi's "
             "(drawn dashed, so that vi shows under it)");
    box->setToolTip(tip);
    connect(box, &QCheckBox::toggled, this, [this] {
      update();
      emit changed();
    });
    m_grid->addWidget(box, int(i) / 2, int(i) % 2);
    m_boxes.emplace_back(methods[i], box);
  }
  setMethods({});
}

void MethodPicker::setMethods(const std::vector<Method>& methods) {
  const std::vector<Method> chosen =
      methods.empty() && m_model ? m_model->articleMethods() : methods;
  for (auto& [m, box] : m_boxes) {
    box->blockSignals(true);
    box->setChecked(std::find(chosen.begin(), chosen.end(), m) != chosen.end());
    box->blockSignals(false);
  }
  if (this->methods().empty() && !m_boxes.empty()) {
    m_boxes.front().second->blockSignals(true);
    m_boxes.front().second->setChecked(true);
    m_boxes.front().second->blockSignals(false);
  }
  update();
}

std::vector<Method> MethodPicker::methods() const {
  std::vector<Method> out;
  for (const auto& [m, box] : m_boxes)
    if (box->isChecked()) out.push_back(m);
  return out;
}

QCheckBox* MethodPicker::box(Method m) const {
  for (const auto& [x, box] : m_boxes)
    if (x == m) return box;
  return nullptr;
}

// the last chosen method cannot be dropped; more than the 3D view shows is said, and why a
// method chosen with vi seems to hide it
void MethodPicker::update() {
  const std::vector<Method> chosen = methods();
  const std::size_t n = chosen.size();
  for (auto& [m, box] : m_boxes) box->setEnabled(!(n == 1 && box->isChecked()));
  QStringList notes;
  if (n > std::size_t(SceneView::kMaxRuns))
    notes << tr("The 3D view shows the first %1; the plots show all.").arg(SceneView::kMaxRuns);
  const auto has = [&chosen](Method m) {
    return std::find(chosen.begin(), chosen.end(), m) != chosen.end();
  };
  for (Method m : chosen)
    if (liesOnVi(m_model, m) && has(Method::Variational))
      notes << tr("%1: the same map as vi: its dashed curves lie on vi's.")
                   .arg(QString::fromStdString(methodInfo(m).name));
  m_note->setText(notes.join(' '));
  // the note keeps its lines either way: the boxes below never move
  bool mayHaveRattle = false;
  for (const auto& [m, box] : m_boxes) mayHaveRattle = mayHaveRattle || liesOnVi(m_model, m);
  m_note->setVisible(m_boxes.size() > std::size_t(SceneView::kMaxRuns) || mayHaveRattle);
}

}  // namespace dms::ui
