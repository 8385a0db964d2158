// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Where a suite finds a program or file of the build or source tree (dmsim, dmstudio, dmsim's
// completion script, resources/): its CMake file defines the path relative to the suite's own
// folder (dms_test_program or dms_test_path in tests/CMakeLists.txt), and the suite resolves it
// against the folder of its running executable. A compile command that held the checkout's
// absolute path would miss the compiler cache in every other checkout.
#pragma once

#include <QCoreApplication>
#include <QDir>
#include <QString>

namespace dms::test {

inline QString builtPath(const char* relativeToSuite) {
  return QDir::cleanPath(QCoreApplication::applicationDirPath() + QLatin1Char('/') +
                         QString::fromUtf8(relativeToSuite));
}

}  // namespace dms::test
