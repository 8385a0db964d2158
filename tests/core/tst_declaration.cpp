// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A system's declaration (core/systems/declaration.h) against what the system computes: the
// state parts it declares are the ones namedState gives for every method, in order and shape,
// and the bodies it declares are the poses bodyPoses gives, with sizes read from parameters it
// has.
#include <QtTest>
#include <string>
#include <vector>

#include "core/sim/registry.h"
#include "core/systems/declaration.h"
#include "core/systems/system.h"
#include "tests/common/suitemain.h"

namespace tst_declaration {

using namespace dms;

// a few steps of a run at the default parameters; its last sample, whole
Sample lastSample(const SystemModel& m, const ParamValues& values, Method method) {
  IntegratorSettings st = m.defaultSettings();
  st.T = 3 * st.h;
  std::unique_ptr<Run> run = m.makeRun(values, method, st);
  std::vector<Sample> out;
  while (run->advance(out, 64)) {
  }
  if (out.empty()) return {};
  return out.back();
}

// a dimension of a declared shape: a number, or the value of the structural parameter it names
int dimension(const std::string& d, const ParamValues& values) {
  const auto it = values.find(d);
  return it != values.end() ? int(it->second.at(0)) : std::stoi(d);
}

// the names a size stands for: "l_i" is l_1 .. l_n
std::vector<std::string> expand(const std::string& size, int count) {
  if (size.size() < 2 || size.compare(size.size() - 2, 2, "_i") != 0) return {size};
  std::vector<std::string> out;
  const std::string stem = size.substr(0, size.size() - 1);
  for (int i = 1; i <= count; ++i) out.push_back(stem + std::to_string(i));
  return out;
}

class TestDeclaration : public QObject {
  Q_OBJECT
 private slots:
  void statePartsAreDeclared_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<int>("method");
    for (const SystemModel* m : allSystems())
      for (Method me : m->methods())
        QTest::newRow(qPrintable(QString::fromStdString(m->name() + " " + methodName(me))))
            << QString::fromStdString(m->name()) << int(me);
  }
  // namedState gives the declared parts, in the declared order and shape, for every method
  // (a chain of 3 links: its shape {n, 3} is read at n = 3)
  void statePartsAreDeclared() {
    QFETCH(QString, system);
    QFETCH(int, method);
    const SystemModel& m = *findSystem(system.toStdString());
    const std::vector<StatePartSpec>& declared = m.declaration().state;
    QVERIFY2(!declared.empty(), "a system declares the parts of its state");
    ParamValues given;
    for (const std::string& s : m.structuralParams()) given[s] = {3};
    const ParamValues values = m.normalize(given, nullptr);
    const Sample s = lastSample(m, values, static_cast<Method>(method));
    QVERIFY(s.state.size() > 0);
    const std::vector<StatePart> parts = m.namedState(static_cast<Method>(method), s);
    QCOMPARE(parts.size(), declared.size());
    for (std::size_t i = 0; i < parts.size(); ++i) {
      QCOMPARE(parts[i].name, declared[i].name);
      std::vector<int> shape;
      for (const std::string& d : declared[i].shape) shape.push_back(dimension(d, values));
      QCOMPARE(parts[i].shape, shape);
      std::size_t size = 1;
      for (int d : shape) size *= std::size_t(d);
      QCOMPARE(parts[i].values.size(), size);
    }
  }

  // bodyPoses gives one pose per declared body (a repeated one, once per copy), and each size a
  // body is drawn with is a parameter of the system at those values
  void bodiesAreDeclared() {
    for (const SystemModel* m : allSystems()) {
      const std::vector<BodyDeclaration>& bodies = m->declaration().bodies;
      QVERIFY2(!bodies.empty(), m->name().c_str());
      ParamValues given;
      for (const std::string& s : m->structuralParams()) given[s] = {3};
      const ParamValues values = m->normalize(given, nullptr);
      const std::vector<ParamSpec> specs = m->paramsFor(values);
      std::size_t count = 0;
      for (const BodyDeclaration& b : bodies) {
        const int copies = b.copies.empty() ? 1 : int(scalarParam(values, b.copies));
        const int parts = b.parts.empty() ? 0 : int(scalarParam(values, b.parts));
        count += std::size_t(copies);
        for (const std::string& size : b.sizes)
          for (const std::string& name : expand(size, b.parts.empty() ? copies : parts))
            QVERIFY2(findSpec(specs, name), (m->name() + ": " + name).c_str());
      }
      const Sample s = lastSample(*m, values, Method::Variational);
      QCOMPARE(m->bodyPoses(values, s).size(), count);
    }
  }
};

DMS_TEST_APPLESS_MAIN(TestDeclaration)
}  // namespace tst_declaration
#include "tst_declaration.moc"
