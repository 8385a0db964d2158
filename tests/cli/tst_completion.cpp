// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The bash completion of dmsim (made by `dmsim --bash-completion` when dmsim is built, installed
// as share/bash-completion/completions/dmsim): bash with the script sourced, COMP_WORDS set as
// bash sets them and _dmsim called offers every command of `dmsim --help`, every option of a
// command's --help, the registry's systems and each system's methods and parameters.
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "core/sim/registry.h"
#include "tests/common/dmsim.h"
#include "tests/common/suitemain.h"

namespace tst_completion {

using dms::test::dmsim;

// what _dmsim puts in COMPREPLY for the command line `words` (the last one being completed)
QStringList complete(const QString& script, const QStringList& words) {
  QProcess bash;
  bash.start("bash", QStringList{"-c",
                                 "source \"$1\" || exit 9; shift; COMP_WORDS=(\"$@\"); "
                                 "COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _dmsim; "
                                 "printf '%s\\n' \"${COMPREPLY[@]}\"",
                                 "bash", script} +
                         words);
  if (!bash.waitForFinished(dms::test::ms(30000)) || bash.exitCode() != 0) return {"<failed>"};
  return QString::fromUtf8(bash.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
}

// the commands of `dmsim --help` (its lines "  dmsim COMMAND ...")
QStringList commandsOfTheUsage() {
  QStringList commands;
  const QString usage = QString::fromUtf8(dmsim({"--help"}).out);
  for (const QRegularExpressionMatch& m :
       QRegularExpression("^  dmsim ([a-z]+)", QRegularExpression::MultilineOption)
           .globalMatch(usage))
    if (!commands.contains(m.captured(1))) commands << m.captured(1);
  return commands;
}

// the commands `script` does not offer after "dmsim "
QStringList missingCommands(const QString& script) {
  const QStringList offered = complete(script, {"dmsim", ""});
  QStringList missing;
  for (const QString& c : commandsOfTheUsage())
    if (!offered.contains(c)) missing << c;
  return missing;
}

// the script the build made beside dmsim
QString completionScript() { return dms::test::builtPath(DMSIM_COMPLETION); }

class TestCompletion : public QObject {
  Q_OBJECT
 private slots:
  void offersEveryCommand() {
    const QStringList commands = commandsOfTheUsage();
    for (const char* c : {"list", "run", "reproduce", "control", "sweep", "figures"})
      QVERIFY2(commands.contains(c), c);
    QCOMPARE(missingCommands(completionScript()), QStringList());
    QCOMPARE(complete(completionScript(), {"dmsim", "re"}), QStringList({"reproduce"}));
  }

  // the check above fails for a script without one of the commands
  void aMissingCommandIsFound() {
    QFile in(completionScript());
    QVERIFY(in.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(in.readAll());
    const QRegularExpression list("(compgen -W \"[^\"]*) sweep ");
    QVERIFY(text.contains(list));
    text.replace(list, "\\1 ");
    QTemporaryDir dir;
    QFile out(dir.filePath("dmsim"));
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(text.toUtf8());
    out.close();
    QCOMPARE(missingCommands(out.fileName()), QStringList({"sweep"}));
  }

  void offersTheSystemsAndTheirMethods() {
    QStringList systems;
    for (const dms::SystemModel* m : dms::allSystems())
      systems << QString::fromStdString(m->name());
    QCOMPARE(complete(completionScript(), {"dmsim", "run", "--system", ""}), systems);
    QCOMPARE(complete(completionScript(), {"dmsim", "sweep", "--system", "d"}),
             QStringList({"dumbbell"}));
    for (const dms::SystemModel* m : dms::allSystems()) {
      QStringList methods, params;
      for (dms::Method me : m->methods()) methods << QString::fromStdString(dms::methodName(me));
      for (const dms::ParamSpec& s : m->params()) params << QString::fromStdString(s.name + "=");
      const QString name = QString::fromStdString(m->name());
      QCOMPARE(complete(completionScript(), {"dmsim", "run", "--system", name, "--integrator", ""}),
               methods);
      QCOMPARE(complete(completionScript(), {"dmsim", "run", "--system", name, "--set", ""}),
               params);
    }
    QCOMPARE(complete(completionScript(),
                      {"dmsim", "sweep", "--system", "mass-spring", "--methods", "vi,r"}),
             QStringList({"vi,rk45", "vi,rk4", "vi,rk853"}));
    QStringList controlled;
    for (const dms::SystemModel* m : dms::systemsWithControl())
      controlled << QString::fromStdString(m->name());
    QCOMPARE(complete(completionScript(), {"dmsim", "control", "--system", ""}), controlled);
  }

  // every option a command's --help lists, and the values of the choices
  void offersEveryOption_data() {
    QTest::addColumn<QStringList>("command");
    for (const char* c : {"list", "run", "reproduce", "sweep", "figures"})
      QTest::newRow(c) << QStringList{c};
    QTest::newRow("control spherical-pendulum")
        << QStringList{"control", "--system", "spherical-pendulum"};
    QTest::newRow("control dumbbell") << QStringList{"control", "--system", "dumbbell"};
  }
  void offersEveryOption() {
    QFETCH(QStringList, command);
    const QStringList offered =
        complete(completionScript(), QStringList{"dmsim"} + command + QStringList{"--"});
    QString help = QString::fromUtf8(dmsim({command.front(), "--help"}).out);
    if (command.size() > 1)  // the help of the system's problem
      help = help.mid(help.indexOf("Usage: dmsim control " + command.mid(1).join(' ')));
    int count = 0;
    for (const QRegularExpressionMatch& m :
         QRegularExpression("^  (?:-h,)?(--[a-z-]+|--[A-Za-z])\\b",
                            QRegularExpression::MultilineOption)
             .globalMatch(help)) {
      if (command.size() > 1 && m.captured(1) == "--help" && count > 0) break;  // the next problem
      QVERIFY2(offered.contains(m.captured(1)), qPrintable(m.captured(1)));
      ++count;
    }
    QVERIFY(count >= 2);
  }

  void offersTheChoices() {
    QCOMPARE(complete(completionScript(), {"dmsim", "run", "--summation", ""}),
             QStringList({"compensated", "plain"}));
    QCOMPARE(complete(completionScript(), {"dmsim", "run", "--rk", ""}),
             QStringList({"ode45", "scipy"}));
    QCOMPARE(
        complete(completionScript(), {"dmsim", "control", "--system", "dumbbell", "--method", ""}),
        QStringList({"indirect", "direct"}));
    QCOMPARE(complete(completionScript(), {"dmsim", "run", "--h", ""}), QStringList());  // a number
  }
};

DMS_TEST_GUILESS_MAIN(TestCompletion)
}  // namespace tst_completion
#include "tst_completion.moc"
