#include "ui/figures/figure.h"

#include <qcustomplot.h>

#include <QDir>
#include <QTextStream>
#include <cmath>
#include <memory>
#include <sstream>

#include "ui/common/exporter.h"
#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"

namespace dms::figures {
namespace {

// a log axis shows only positive values: the others are left out (the caption says so)
bool drawable(double v, bool log) { return std::isfinite(v) && (!log || v > 0.0); }

void writeSeriesCsv(std::ostream& out, const Figure& f) {
  out.precision(17);
  out << "series,x,y\n";
  for (const Series& s : f.series)
    for (std::size_t i = 0; i < s.x.size(); ++i)
      out << '"' << s.name.toStdString() << "\"," << s.x[i] << ',' << s.y[i] << "\n";
}

}  // namespace

void addCaption(QCustomPlot* p, const QString& caption) {
  if (caption.isEmpty()) return;
  auto* text = new QCPTextElement(p, caption, QFont(p->font().family(), 8));
  text->setTextColor(ui::mutedTextColor());
  QCPLayoutGrid* layout = p->plotLayout();
  const int row = layout->rowCount();
  layout->addElement(row, 0, text);
  layout->setRowStretchFactor(row, 0.001);
}

QCustomPlot* makePlot(const Figure& f) {
  auto* p = new QCustomPlot;
  p->resize(kFigureWidth, kFigureHeight);
  ui::PlotStyle::apply(p, f.title, f.xLabel, f.yLabel);
  ui::PlotStyle::setLogAxis(p->xAxis, f.logX);
  ui::PlotStyle::setLogAxis(p->yAxis, f.logY);
  p->legend->setWrap(4);
  std::size_t omitted = 0;
  for (const Series& s : f.series) {
    QVector<double> x, y;
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      if (drawable(s.x[i], f.logX) && drawable(s.y[i], f.logY)) {
        x.push_back(s.x[i]);
        y.push_back(s.y[i]);
      } else {
        ++omitted;
      }
    }
    const QPen pen(s.color, s.width, s.pen);
    const QCPScatterStyle marker(QCPScatterStyle::ssDisc, s.color, s.color, 5);
    if (s.path) {
      auto* c = new QCPCurve(p->xAxis, p->yAxis);
      c->setData(x, y);
      c->setName(s.name);
      c->setPen(pen);
      if (s.points) c->setScatterStyle(marker);
      if (!s.inLegend) c->removeFromLegend();
    } else {
      QCPGraph* g = p->addGraph();
      g->setData(x, y, true);
      g->setName(s.name);
      g->setPen(pen);
      if (s.points) g->setScatterStyle(marker);
      if (!s.inLegend) g->removeFromLegend();
    }
  }
  p->rescaleAxes();
  if (f.logY) {  // a decade of margin is too much; a third of one each side
    const QCPRange r = p->yAxis->range();
    p->yAxis->setRange(r.lower / 2.0, r.upper * 2.0);
  } else {
    p->yAxis->scaleRange(1.08, p->yAxis->range().center());
  }
  QString caption = f.caption;
  if (omitted)
    caption += QStringLiteral("\n(%1 points not positive or not finite: not drawn on the log axis)")
                   .arg(omitted);
  addCaption(p, caption);
  if (f.equalAxes) {
    // the scale ratio needs the axis rect laid out at its final size; the plot is wider than
    // tall, so x widens to y's scale and every point stays in view
    p->replot();
    p->xAxis->setScaleRatio(p->yAxis, 1.0);
  }
  p->replot();
  return p;
}

Output::Output(const QString& dir, const std::set<std::string>& only) : m_dir(dir), m_only(only) {}

bool Output::wanted(const std::string& id) const { return m_only.empty() || m_only.count(id); }

void Output::write(const std::string& id, const Figure& f, const QString& command) {
  std::unique_ptr<QCustomPlot> p(makePlot(f));
  record(
      id, p.get(), f.caption, [&f](std::ostream& out) { writeSeriesCsv(out, f); }, command);
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
