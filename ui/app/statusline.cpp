// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/statusline.h"

#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>

#include "ui/common/palette.h"
#include "ui/mode/mode.h"

namespace dms::ui {

namespace {
constexpr int kTexts = 3;  // fields a mode may fill
}

StatusLine::StatusLine(QStatusBar* bar) {
  for (int i = 0; i < kTexts; ++i) m_texts.push_back(new QLabel);
  m_failure = new QLabel;
  m_failure->setStyleSheet(labelStyle(errorColor()));
  for (QLabel* l : m_texts) {
    l->setContentsMargins(6, 0, 10, 0);
    bar->addWidget(l);
  }
  m_failure->setContentsMargins(6, 0, 10, 0);
  bar->addWidget(m_failure, 1);
  m_progress = new QProgressBar;
  m_progress->setMaximumWidth(160);
  bar->addPermanentWidget(m_progress);
}

void StatusLine::show(const ModeStatus& s) {
  for (int i = 0; i < kTexts; ++i)
    m_texts[std::size_t(i)]->setText(i < s.texts.size() ? s.texts[i] : QString());
  m_failure->setText(s.failure);
  m_failure->setToolTip(s.failureDetail);
  m_progress->setRange(0, s.busy ? 0 : 1000);
  m_progress->setValue(s.busy ? 0 : int(1000 * s.progress));
  m_progress->setFormat(s.progressFormat);
  m_progress->setVisible(s.showProgress);
}

}  // namespace dms::ui
