// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The example scenarios of File > Examples: the article's four set-ups and a few telling ones,
// compiled in from resources/examples/ (so they are there installed or not).
#pragma once

#include <QString>
#include <vector>

namespace dms::ui {

struct Example {
  QString file;  ///< its name in resources/examples/
  QString title, description;
};

/// The examples, in menu order.
const std::vector<Example>& examples();
/// The scenario file's text (":/examples/<file>"), or empty when it is not compiled in.
QString exampleText(const Example& e);

}  // namespace dms::ui
