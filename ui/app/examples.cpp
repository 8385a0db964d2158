// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/examples.h"

#include <QDir>
#include <QFile>
#include <algorithm>
#include <tuple>

#include "core/io/scenario.h"
#include "core/sim/registry.h"

namespace dms::ui {

namespace {

/// The index of a system in the registry (the system list's order), past the end for none.
int systemIndex(const std::string& name) {
  const std::vector<const SystemModel*>& all = allSystems();
  int i = 0;
  while (i < int(all.size()) && all[std::size_t(i)]->name() != name) ++i;
  return i;
}

}  // namespace

const std::vector<Example>& examples() {
  // Each file says what it shows ("title", "description"); the menu lists the article's
  // examples first, then the others by system in the system list's order, so that a new file in
  // resources/examples/ is all an example takes.
  static const std::vector<Example> list = [] {
    struct Entry {
      bool article;
      int system;
      Example example;
    };
    std::vector<Entry> entries;
    const QDir dir(QStringLiteral(":/examples"));
    for (const QString& file : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
      Example e{file, {}, {}};
      Scenario sc;
      try {
        sc = parseScenario(exampleText(e).toStdString(), nullptr);
      } catch (const InputError&) {
        continue;  // tst_scenario and tst_scenariofile parse every example: none is refused
      }
      e.title = QString::fromStdString(sc.title.empty() ? file.toStdString() : sc.title);
      e.description = QString::fromStdString(sc.description);
      entries.push_back({file.startsWith(QStringLiteral("article-")), systemIndex(sc.system), e});
    }
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
      return std::tuple(!a.article, a.system, a.example.file) <
             std::tuple(!b.article, b.system, b.example.file);
    });
    std::vector<Example> out;
    for (const Entry& x : entries) out.push_back(x.example);
    return out;
  }();
  return list;
}

QString exampleText(const Example& e) {
  QFile file(QStringLiteral(":/examples/") + e.file);
  return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

}  // namespace dms::ui
