// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A suite's entry point, and the main() of the executables that hold several suites.
//
// Suites are compiled in bundles (tests/CMakeLists.txt): one translation unit includes several
// suite sources, so that the headers they share (QtTest, Eigen, Qt Widgets, the core) are
// parsed and their inline code compiled once per bundle instead of once per suite. So a suite
// keeps everything it defines in a namespace named after its file (tst_lie.cpp: namespace
// tst_lie), and instead of Qt's QTEST_MAIN, QTEST_GUILESS_MAIN or QTEST_APPLESS_MAIN, which
// define main(), it ends with the DMS_TEST_ variant of the same name: that defines the
// namespace's runSuite(argc, argv), which does what Qt's main() does (the same application
// object: QApplication where the suite links Qt Widgets, QGuiApplication where it links Qt Gui,
// else QCoreApplication; none for APPLESS). A bundle's main() runs the suite its first argument
// names, with the remaining arguments (QtTest's options): `suites_core tst_lie -v2`. Each suite
// stays its own CTest test, in its own process.
#pragma once

#include <QtTest>
#include <cstdio>
#include <cstring>
#include <initializer_list>

#define DMS_TEST_MAIN_WRAPPER(TestObject, setup) \
  int runSuite(int argc, char* argv[]) {         \
    QTest::Internal::callInitMain<TestObject>(); \
    setup;                                       \
    TestObject tc;                               \
    return QTest::qExec(&tc, argc, argv);        \
  }
#define DMS_TEST_MAIN(TestObject) DMS_TEST_MAIN_WRAPPER(TestObject, QTEST_MAIN_SETUP())
#define DMS_TEST_GUILESS_MAIN(TestObject) \
  DMS_TEST_MAIN_WRAPPER(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
#define DMS_TEST_APPLESS_MAIN(TestObject) DMS_TEST_MAIN_WRAPPER(TestObject, )

namespace dms::test {

struct Suite {
  const char* name;
  int (*run)(int argc, char* argv[]);
};

// Runs the suite argv[1] names with argv[1..] as its command line (the suite's name in place
// of the program's). An unknown or missing name lists the bundle's suites and returns 2, so
// that a CTest entry that names a suite the bundle lacks fails instead of passing empty.
inline int runBundle(int argc, char* argv[], std::initializer_list<Suite> suites) {
  if (argc >= 2)
    for (const Suite& suite : suites)
      if (std::strcmp(argv[1], suite.name) == 0) return suite.run(argc - 1, argv + 1);
  std::fprintf(stderr, "%s: %s%s\nusage: %s SUITE [QtTest options], SUITE one of:\n", argv[0],
               argc >= 2 ? "no suite named " : "no suite given", argc >= 2 ? argv[1] : "", argv[0]);
  for (const Suite& suite : suites) std::fprintf(stderr, "  %s\n", suite.name);
  return 2;
}

}  // namespace dms::test
