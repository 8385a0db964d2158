/// Distance of a matrix from the orthogonal group: ||I - R^T R|| in the spectral norm
/// (MATLAB's norm), the article's orthogonality error.
#pragma once

#include <Eigen/Eigenvalues>

namespace dms {

/// Spectral norm of I - R^T R for a square fixed-size R (the largest |eigenvalue| of that
/// symmetric matrix). No heap allocation.
template <class Derived>
double orthogonalityError(const Eigen::MatrixBase<Derived>& R) {
  using Mat = Eigen::Matrix<double, Derived::RowsAtCompileTime, Derived::ColsAtCompileTime>;
  const Mat d = Mat::Identity() - R.transpose() * R;
  Eigen::SelfAdjointEigenSolver<Mat> es(d, Eigen::EigenvaluesOnly);
  return es.eigenvalues().cwiseAbs().maxCoeff();
}

}  // namespace dms
