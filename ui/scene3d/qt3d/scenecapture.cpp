// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The 3D view's capture (File > Export 3D view, the figures and videos): Qt3D's QRenderCapture,
// with a warm-up frame and retries of a blank one.
#include <QImage>
#include <QPointer>
#include <QTimer>
#include <Qt3DRender/QRenderCapture>

#include "ui/scene3d/qt3d/qt3dsceneview.h"

namespace dms::ui::scene3d {

namespace {

// a frame of one colour: nothing was drawn yet (the labels alone would show)
bool isBlank(const QImage& image) {
  if (image.isNull()) return true;
  const QRgb first = image.pixel(0, 0);
  for (int y = 0; y < image.height(); ++y) {
    const QRgb* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
    for (int x = 0; x < image.width(); ++x)
      if (row[x] != first) return false;
  }
  return true;
}

}  // namespace

// one capture in progress: the callback runs exactly once (done, failed or timed out)
struct Qt3DSceneView::CaptureJob {
  std::function<void(const QImage& image, const QString& error)> done;
  QPointer<Qt3DRender::QRenderCaptureReply> reply;
  bool finished = false;
  void finish(const QImage& image, const QString& error) {
    if (finished) return;
    finished = true;
    if (reply) reply->deleteLater();
    if (done) done(image, error);
  }
};

void Qt3DSceneView::capture(std::function<void(const QImage& image, const QString& error)> done) {
  auto job = std::make_shared<CaptureJob>();
  job->done = std::move(done);
  // the first frame after a change can miss meshes still being generated in the background,
  // so one frame is drawn and thrown away first; a blank frame (not even the labels) is retried
  requestCaptureFrame(job, 1, 4);
  QTimer::singleShot(kCaptureTimeoutMs, m_window, [job] {
    job->finish({}, QStringLiteral("the 3D view did not render within %1 s (is it shown?)")
                        .arg(kCaptureTimeoutMs / 1000));
  });
}

void Qt3DSceneView::requestCaptureFrame(const std::shared_ptr<CaptureJob>& job, int warmups,
                                        int retries) {
  job->reply = m_capture->requestCapture();
  Qt3DRender::QRenderCaptureReply* reply = job->reply;
  QObject::connect(reply, &Qt3DRender::QRenderCaptureReply::completed, m_window,
                   [this, job, reply, warmups, retries] {
                     reply->deleteLater();
                     if (job->finished) return;
                     const QImage image = reply->image().convertToFormat(QImage::Format_RGB32);
                     const bool blank = isBlank(image);
                     if (warmups > 0 || (blank && retries > 0)) {
                       requestCaptureFrame(job, warmups - 1, warmups > 0 ? retries : retries - 1);
                       return;
                     }
                     if (blank)
                       job->finish({}, QStringLiteral("the 3D view rendered an empty frame"));
                     else
                       job->finish(image, {});
                   });
}

}  // namespace dms::ui::scene3d
