// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Where `dmsim figures` writes: each figure (core/studies/figure.h) in the product's plot style as
// PNG, PDF and the CSV of exactly what is drawn, and the list of what was written, for
// DIR/index.md.
#pragma once

#include <QString>
#include <QStringList>
#include <functional>
#include <iosfwd>
#include <set>
#include <string>
#include <vector>

#include "core/studies/figure.h"

class QCustomPlot;

namespace dms::figures {

/// Where the figures go and what has been written.
class Output {
 public:
  Output(const QString& dir, const std::set<std::string>& only);
  /// Whether figure `id` is to be made (every figure when --only was not given).
  bool wanted(const std::string& id) const;
  /// Writes DIR/id.png, id.pdf and id.csv (series,x,y); `command` remakes it alone.
  void write(const std::string& id, const Figure& f, const QString& command);
  /// Writes a plot drawn elsewhere (DIR/id.png, id.pdf) and its CSV by `csv`.
  void write(const std::string& id, QCustomPlot* plot, const QString& caption,
             const std::function<void(std::ostream&)>& csv, const QString& command);
  /// A figure that could not be made, and why (listed in index.md; the exit code is 3).
  void fail(const std::string& id, const QString& why);
  bool failed() const { return m_failed; }
  /// A figure drawn from runs of which one stopped early (its caption says why): written, and
  /// listed as incomplete.
  void markIncomplete(const std::string& id) { m_incomplete.push_back(id); }
  const std::vector<std::string>& incomplete() const { return m_incomplete; }
  /// DIR/index.md: every figure with its files, caption and command. False on a write error.
  bool writeIndex(const QString& header, QString* error) const;
  /// Every file written so far (DIR-relative).
  const QStringList& files() const { return m_files; }

 private:
  struct Entry {
    std::string id;
    QString title, caption, command, failure;
  };
  bool saveCsv(const std::string& id, const std::function<void(std::ostream&)>& csv);
  void record(const std::string& id, QCustomPlot* plot, const QString& caption,
              const std::function<void(std::ostream&)>& csv, const QString& command);

  QString m_dir;
  std::set<std::string> m_only;
  std::vector<Entry> m_entries;
  QStringList m_files;
  std::vector<std::string> m_incomplete;
  bool m_failed = false;
};

/// The plot of a figure (the caller owns it), at the size the files are written at.
QCustomPlot* makePlot(const Figure& f);
/// The pixel size of every figure's PNG (points of its PDF).
constexpr int kFigureWidth = 900;
constexpr int kFigureHeight = 540;

}  // namespace dms::figures
