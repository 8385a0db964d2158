// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Checks a set of exported plot files: every NAME.png decodes at the asked size, every NAME.svg
// parses as XML with an <svg> element, every NAME.pdf starts with %PDF-.
#pragma once

#include <QFile>
#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QXmlStreamReader>

namespace dms::test {

/// What is wrong with the files NAME.png/.svg/.pdf in `dir` for each of `names`, or an empty
/// string when nothing is (use: QVERIFY2(p.isEmpty(), qPrintable(p))).
inline QString exportedPlotsProblem(const QString& dir, const QStringList& names, QSize size) {
  if (names.isEmpty()) return QStringLiteral("no plot names to check");
  for (const QString& name : names) {
    const QString base = dir + "/" + name;
    const QImage png(base + ".png");
    if (png.size() != size)
      return QStringLiteral("%1.png: %2 x %3, expected %4 x %5")
          .arg(base)
          .arg(png.width())
          .arg(png.height())
          .arg(size.width())
          .arg(size.height());
    QFile svg(base + ".svg");
    if (!svg.open(QIODevice::ReadOnly)) return base + ".svg: " + svg.errorString();
    QXmlStreamReader xml(&svg);
    bool sawSvg = false;
    while (!xml.atEnd()) {
      xml.readNext();
      if (xml.isStartElement() && xml.name() == QLatin1String("svg")) sawSvg = true;
    }
    if (xml.hasError()) return base + ".svg: " + xml.errorString();
    if (!sawSvg) return base + ".svg: no <svg> element";
    QFile pdf(base + ".pdf");
    if (!pdf.open(QIODevice::ReadOnly)) return base + ".pdf: " + pdf.errorString();
    if (pdf.read(5) != "%PDF-") return base + ".pdf: does not start with %PDF-";
  }
  return {};
}

}  // namespace dms::test
