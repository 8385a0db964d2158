// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/helptexts.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QFile>
#include <QImage>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

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
             "autoscale</td></tr>"
             "<tr><td>Ctrl + left drag</td><td>3D view, while playing: push the body with a "
             "spring to the pointer (every method gets the same push; View &gt; Replay pushes "
             "runs them again)</td></tr></table>");
}

QString aboutHtml() {
  return QCoreApplication::translate(
             "MainWindow",
             "<p><b>Discrete Mechanics Studio</b> %1</p>"
             "<p>The examples of T. Lee, M. Leok and N. H. McClamroch, <i>Discrete Control "
             "Systems</i>, in R. A. Meyers (ed.), Encyclopedia of Complexity and Systems Science, "
             "Springer, 2009 (arXiv:0705.3868): variational and Lie group variational integrators "
             "side by side with Dormand-Prince RK45 and further methods, and discrete optimal "
             "control.</p>"
             "<p>Built on (with their licences):<br>"
             "Qt %2 with Qt 3D, The Qt Company: LGPL-3.0 or GPL-2.0/3.0<br>"
             "QCustomPlot 2.1, Emanuel Eichhammer: GPL-3.0-or-later<br>"
             "Eigen 3, its authors: MPL-2.0<br>"
             "NLopt 2 (SLSQP), Steven G. Johnson and others: MIT (parts LGPL-2.1-or-later)<br>"
             "JSON for Modern C++, Niels Lohmann: MIT</p>")
      .arg(DMS_VERSION, qVersion());
}

QString userGuideMarkdown() {
  QFile file(QStringLiteral(":/doc/user-guide.md"));
  if (!file.open(QIODevice::ReadOnly)) return QStringLiteral("The user guide is missing.");
  return QString::fromUtf8(file.readAll());
}

void addHelpMenu(QMenuBar* bar, const std::function<void(const QString&, const QString&)>& show) {
  const auto tr = [](const char* s) { return QCoreApplication::translate("MainWindow", s); };
  QMenu* help = bar->addMenu(tr("&Help"));
  help->addAction(tr("&Keyboard shortcuts"), QKeySequence::HelpContents, bar,
                  [bar, show, tr] { show(tr("Keyboard shortcuts"), shortcutsHtml(bar)); });
  help->addAction(tr("&User guide"), bar, [bar, tr] {
    auto* guide = new QDialog(bar->window());
    guide->setAttribute(Qt::WA_DeleteOnClose);
    guide->setObjectName(QStringLiteral("userGuide"));
    guide->setWindowTitle(tr("Discrete Mechanics Studio: user guide"));
    auto* text = new QTextBrowser(guide);
    text->setOpenExternalLinks(true);
    text->setMarkdown(userGuideMarkdown());
    // the screenshots it shows (compiled in, named as the guide links them), at most the
    // page's width; after setMarkdown, which clears the document's resources
    for (const char* name :
         {"screenshot.png", "control.png", "analysis.png", "analysis-phase.png"}) {
      const QImage image(QStringLiteral(":/doc/") + name);
      if (!image.isNull())
        text->document()->addResource(
            QTextDocument::ImageResource, QUrl(name),
            image.width() <= 880 ? image : image.scaledToWidth(880, Qt::SmoothTransformation));
    }
    (new QVBoxLayout(guide))->addWidget(text);
    guide->resize(960, 720);
    guide->show();
  });
  help->addAction(tr("&About"), bar, [show, tr] { show(tr("About"), aboutHtml()); });
  help->addAction(tr("About &Qt"), bar, [bar] { QMessageBox::aboutQt(bar->window()); });
}

}  // namespace dms::ui
