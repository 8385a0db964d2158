#include "ui/app/helptexts.h"

#include <QAction>
#include <QCoreApplication>
#include <QMenu>
#include <QMenuBar>

#include "core/version.h"

namespace dms::ui {

QString shortcutsHtml(const QMenuBar* bar) {
  QString rows;
  for (const QAction* menu : bar->actions())
    for (const QAction* a : menu->menu()->actions())
      if (!a->shortcut().isEmpty())
        rows += QString("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(a->shortcut().toString(QKeySequence::NativeText),
                         a->text().remove('&').remove("..."));
  return "<table cellpadding='3'>" + rows +
         QCoreApplication::translate(
             "MainWindow",
             "<tr><td><b>Ctrl+Return</b></td><td>Solve (optimal control)</td></tr>"
             "<tr><td>mouse wheel / drag</td><td>zoom / pan a plot; double-click: "
             "autoscale</td></tr></table>");
}

QString aboutHtml() {
  return QCoreApplication::translate(
             "MainWindow",
             "<b>Discrete Mechanics Studio</b> %1<br>The examples of Lee, Leok and McClamroch, "
             "<i>Discrete Control Systems</i>: a variational (Lie group) integrator side by side "
             "with Dormand-Prince RK45.")
      .arg(DMS_VERSION);
}

}  // namespace dms::ui
