// The scenario file the window shows: its name in the window title with an unsaved-changes mark,
// File > Open, Open recent, Save (to that file) and Save as, and the question before closing
// with unsaved changes. The window opens and saves; this keeps track of which file and whether
// it changed since.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>

class QMainWindow;
class QMenu;

namespace dms::ui {

class ScenarioFile : public QObject {
  Q_OBJECT
 public:
  static constexpr int kMaxRecent = 8;
  struct Calls {
    /// Opens a file, or with a text (an example) the scenario it holds, named by `path`.
    std::function<bool(const QString& path, const QString& text)> open;
    std::function<bool(const QString& path)> save;
    /// A save dialog's choice (empty: cancelled).
    std::function<QString()> askSavePath;
    /// The folder the open dialog starts in.
    std::function<QString()> folder;
  };

  ScenarioFile(QMainWindow* window, Calls calls);

  /// Adds Open, Open recent, Examples, Save and Save as to `file`.
  void addActions(QMenu* file);
  /// A file was opened or saved: it is the window's now, unchanged.
  void opened(const QString& path);
  void saved(const QString& path) { opened(path); }
  /// The window shows another system: no file is its scenario (the title says the app only).
  void forget();
  /// The scenario's input changed (the title gets its mark while a file is shown).
  void touch();
  /// Before the window closes: true to go on (saved, discarded, or nothing to save), false when
  /// the user cancelled or the save failed. Asks only when a file's scenario changed.
  bool maybeSave();

  const QString& path() const { return m_path; }
  bool modified() const { return m_modified; }
  QStringList recent() const;

 private:
  void updateTitle();
  void fillRecentMenu();
  bool save();

  QMainWindow* m_window;
  Calls m_calls;
  QMenu* m_recentMenu = nullptr;
  QString m_path;
  bool m_modified = false;
};

}  // namespace dms::ui
