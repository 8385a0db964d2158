// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The window's scenario as a document: the file it came from, in the window title with an
// unsaved-changes mark; File > Open, Open recent, Examples, Save (to that file) and Save as; the
// question before closing with unsaved changes; Edit > Undo and Redo of the scenario's input.
// The window opens, saves and applies; this keeps track of which file, whether it changed and
// the history.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <optional>
#include <vector>

#include "core/io/scenario.h"

class QAction;
class QMenu;

namespace dms::ui {

class MainWindow;

class ScenarioFile : public QObject {
  Q_OBJECT
 public:
  static constexpr int kMaxRecent = 8;
  static constexpr int kMaxUndo = 100;
  /// Edits closer than this make one undo step (a slider dragged, a number typed).
  static constexpr int kCoalesceMs = 400;

  explicit ScenarioFile(MainWindow* window);

  /// Adds Open, Open recent, Examples, Save and Save as to `file`, and the Edit menu after it.
  void addActions(QMenu* file);
  /// A file was opened or saved: it is the window's now, unchanged.
  void opened(const QString& path);
  void saved(const QString& path);
  /// The window shows another system, or an example: no file is its scenario (the title says
  /// the app only), and the undo history starts again.
  void forget();
  /// The scenario's input changed: the title gets its mark while a file is shown, and the
  /// change becomes an undo step once the edits pause.
  void touch();
  /// Before the window closes or File > Open, Open recent or Examples replaces the scenario:
  /// true to go on (saved, discarded, or nothing to save), false when the user cancelled or the
  /// save failed. Asks only when a file's scenario changed.
  bool maybeSave();
  void undo();
  void redo();

  const QString& path() const { return m_path; }
  bool modified() const { return m_modified; }
  QStringList recent() const;
  bool canUndo() const { return !m_undo.empty() || m_pending.isActive(); }
  bool canRedo() const { return !m_redo.empty(); }
  /// An edit waits for kCoalesceMs of quiet to become an undo step.
  bool editPending() const { return m_pending.isActive(); }

  /// The scenario shown now with every mode's part (Mode::addToScenario), or none.
  std::optional<Scenario> whole() const;

 private:
  /// The scenario shown now (as JSON, which compares exactly), or empty.
  std::string current() const;
  /// Takes what is shown now as the history's present, without a step.
  void resetHistory();
  /// Records the pending edits as one step.
  void record();
  void apply(const std::string& json);
  /// Modified: the scenario shown differs from the one opened or saved (undo can bring it back).
  void updateModified();
  void updateTitle();
  void updateActions();
  void fillRecentMenu();
  bool save();

  MainWindow* m_window;
  QMenu* m_recentMenu = nullptr;
  QAction* m_undoAction = nullptr;
  QAction* m_redoAction = nullptr;
  QString m_path;
  bool m_modified = false;
  std::vector<std::string> m_undo, m_redo;
  std::string m_present;  ///< the scenario after the last step (before the pending edits)
  std::string m_saved;    ///< the scenario as opened, saved or newly shown
  QTimer m_pending;
  bool m_applying = false;
};

}  // namespace dms::ui
