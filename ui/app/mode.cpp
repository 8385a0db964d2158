#include "ui/app/mode.h"

#include <QDir>

namespace dms::ui {

Mode::Mode(const ModeContext& context, QObject* parent) : QObject(parent), m_context(context) {}

Mode::~Mode() = default;

void Mode::applyChoice(const std::string& name, const std::string&) {
  throw InputError("unknown option '" + name + "'");
}

QStringList Mode::plotFiles(const QString& dir, int index, const std::vector<ImageFormat>& formats,
                            const QString& prefix) const {
  QStringList files;
  const std::vector<ExportPlot> plots = exportPlots();
  for (int i = 0; i < int(plots.size()); ++i) {
    if (index >= 0 && i != index) continue;
    for (ImageFormat f : formats)
      files << QDir(dir).filePath(prefix + plots[std::size_t(i)].name + "." + formatSuffix(f));
  }
  return files;
}

bool Mode::writePlots(const QString& dir, int index, const std::vector<ImageFormat>& formats,
                      QSize size, QString* error, const QString& prefix) {
  if (!QDir().mkpath(dir)) {
    if (error) *error = tr("Cannot create the folder '%1'").arg(dir);
    return false;
  }
  prepareExport(size);
  const std::vector<ExportPlot> plots = exportPlots();
  bool ok = true;
  for (int i = 0; ok && i < int(plots.size()); ++i) {
    if (index >= 0 && i != index) continue;
    const ExportPlot& p = plots[std::size_t(i)];
    for (ImageFormat f : formats) {
      ok = savePlot(p.plot, QDir(dir).filePath(prefix + p.name + "." + formatSuffix(f)), f, size,
                    error);
      if (!ok) break;
    }
  }
  finishExport();
  return ok;
}

}  // namespace dms::ui
