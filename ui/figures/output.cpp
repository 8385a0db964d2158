// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/figures/output.h"

#include <qcustomplot.h>

#include <QDir>
#include <QTextStream>
#include <cmath>
#include <memory>
#include <sstream>

#include "ui/common/exporter.h"
#include "ui/common/figure.h"
#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"

namespace dms::figures {

QCustomPlot* makePlot(const Figure& f) {
  auto* p = new QCustomPlot;
  p->resize(kFigureWidth, kFigureHeight);
  ui::PlotStyle::apply(p, QString::fromStdString(f.title), QString::fromStdString(f.x.text()),
                       QString::fromStdString(f.y.text()));
  p->legend->setWrap(4);
  ui::drawFigure(p, f, true);
  return p;
}

Output::Output(const QString& dir, const std::set<std::string>& only) : m_dir(dir), m_only(only) {}

bool Output::wanted(const std::string& id) const { return m_only.empty() || m_only.count(id); }

void Output::write(const std::string& id, const Figure& f, const QString& command) {
  std::unique_ptr<QCustomPlot> p(makePlot(f));
  record(
      id, p.get(), QString::fromStdString(f.caption),
      [&f](std::ostream& out) { writeFigureCsv(out, f); }, command);
}

void Output::write(const std::string& id, QCustomPlot* plot, const QString& caption,
                   const std::function<void(std::ostream&)>& csv, const QString& command) {
  record(id, plot, caption, csv, command);
}

void Output::record(const std::string& id, QCustomPlot* plot, const QString& caption,
                    const std::function<void(std::ostream&)>& csv, const QString& command) {
  Entry e{id, ui::PlotStyle::title(plot)->text(), caption, command, {}};
  const QString stem = QDir(m_dir).filePath(QString::fromStdString(id));
  QString error;
  for (ui::ImageFormat fmt : {ui::ImageFormat::Png, ui::ImageFormat::Pdf}) {
    const QString path = stem + "." + ui::formatSuffix(fmt);
    if (!ui::savePlot(plot, path, fmt, QSize(kFigureWidth, kFigureHeight), &error)) break;
    m_files << QFileInfo(path).fileName();
  }
  if (error.isEmpty() && !saveCsv(id, csv)) error = QStringLiteral("cannot write %1.csv").arg(stem);
  if (!error.isEmpty()) {
    e.failure = error;
    m_failed = true;
  }
  m_entries.push_back(e);
}

bool Output::saveCsv(const std::string& id, const std::function<void(std::ostream&)>& csv) {
  const QString path = QDir(m_dir).filePath(QString::fromStdString(id) + ".csv");
  QString error;
  const bool ok = ui::saveFile(
      path,
      [&csv](QIODevice& file) {
        std::ostringstream text;
        csv(text);
        const std::string s = text.str();
        return file.write(s.data(), qint64(s.size())) == qint64(s.size())
                   ? QString()
                   : QStringLiteral("write failed");
      },
      &error);
  if (ok) m_files << QFileInfo(path).fileName();
  return ok;
}

void Output::fail(const std::string& id, const QString& why) {
  m_entries.push_back({id, QString::fromStdString(id), {}, {}, why});
  m_failed = true;
}

bool Output::writeIndex(const QString& header, QString* error) const {
  const QString path = QDir(m_dir).filePath(QStringLiteral("index.md"));
  return ui::saveFile(
      path,
      [&](QIODevice& file) {
        QString md = header;
        for (const Entry& e : m_entries) {
          const QString id = QString::fromStdString(e.id);
          md += QStringLiteral("\n## %1\n\n").arg(e.title);
          if (!e.failure.isEmpty()) {
            md += QStringLiteral("**Not made**: %1\n").arg(e.failure);
            continue;
          }
          md += QStringLiteral("![%1](%2.png)\n\n").arg(e.title, id);
          if (!e.caption.isEmpty()) md += QString(e.caption).replace("\n", "  \n") + "\n\n";
          md += QStringLiteral(
                    "Files: [%1.png](%1.png), [%1.pdf](%1.pdf), [%1.csv](%1.csv). "
                    "Made by:\n\n    %2\n")
                    .arg(id, e.command);
        }
        const QByteArray bytes = md.toUtf8();
        return file.write(bytes) == bytes.size() ? QString() : QStringLiteral("write failed");
      },
      error);
}

}  // namespace dms::figures
