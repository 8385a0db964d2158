// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The dmsim process runner of the CLI suites: runs the built dmsim (DMSIM_PATH, see builtpath.h)
// with arguments and returns its exit code and output. The deadline (tests/common/deadline.h)
// guards against a hang, not speed: a run that does not finish in time is killed and reported as
// code -1.
#pragma once

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>

#include "tests/common/builtpath.h"
#include "tests/common/deadline.h"

namespace dms::test {

struct DmsimResult {
  int code = -1;  ///< exit code; -1: killed at the deadline, -2: crashed
  QByteArray out, err;
  QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

inline DmsimResult dmsim(const QStringList& args, int budgetMs = 60000) {
  QProcess p;
  p.start(builtPath(DMSIM_PATH), args);
  DmsimResult r;
  if (!p.waitForFinished(ms(budgetMs))) {
    p.kill();
    p.waitForFinished();
    return r;
  }
  r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
  r.out = p.readAllStandardOutput();
  r.err = p.readAllStandardError();
  return r;
}

}  // namespace dms::test
