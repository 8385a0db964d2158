// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A suite's own QSettings: INI files in a temporary folder, under its own application name, so
// that no test reads or writes the user's settings or another suite's.
#pragma once

#include <QCoreApplication>
#include <QSettings>
#include <QString>

namespace dms::test {

inline void useOwnSettings(const QString& dir, const QString& application) {
  QSettings::setDefaultFormat(QSettings::IniFormat);
  QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir);
  QCoreApplication::setOrganizationName("dms-tests");
  QCoreApplication::setApplicationName(application);
}

}  // namespace dms::test
