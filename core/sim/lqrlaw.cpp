// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/lqrlaw.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "core/lie/so3.h"
#include "core/sim/controllaw.h"
#include "core/sim/namedstate.h"
#include "core/sim/tangentcoords.h"

namespace dms {
namespace {

// A linear expression in the state's entries: a constant and coefficients by entry name.
struct Linear {
  double constant = 0.0;
  std::map<std::string, double> terms;
  void add(const std::string& name, double c) { terms[name] += c; }
  Linear& operator+=(const Linear& o) {
    constant += o.constant;
    for (const auto& [n, c] : o.terms) terms[n] += c;
    return *this;
  }
  Linear scaled(double s) const {
    Linear out;
    out.constant = s * constant;
    for (const auto& [n, c] : terms) out.terms[n] = s * c;
    return out;
  }
};

std::string exactNumber(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

std::string text(const Linear& l) {
  std::string s = exactNumber(l.constant);
  for (const auto& [n, c] : l.terms) {
    if (c == 0.0) continue;
    s += c < 0 ? " - " : " + ";
    s += exactNumber(std::fabs(c)) + "*" + n;
  }
  return s;
}

// the entries of exp(-t w n^) R as linear expressions, w = |spin|, n = spin / w: the state's
// rotation seen from the reference turning at `spin` (with spin = 0, R itself). With c = cos(w t)
// and s = sin(w t), exp(-t w n^) = n n^T + c (I - n n^T) - s n^, so each entry is a sum over
// R's column of three kinds of term
std::vector<Linear> unturned(const std::vector<std::string>& names, const Vector3d& spin) {
  std::vector<Linear> out(9);
  const double w = spin.norm();
  const Vector3d n = w > 0 ? Vector3d(spin / w) : Vector3d::Zero();
  const Matrix3d nn = n * n.transpose(), cross = hat(n);
  const std::string c = "cos(" + exactNumber(w) + "*t)*", sn = "sin(" + exactNumber(w) + "*t)*";
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3; ++j) {
      Linear& l = out[std::size_t(3 * k + j)];
      for (int i = 0; i < 3; ++i) {
        const std::string& r = names[std::size_t(3 * i + j)];
        if (w == 0.0) {
          if (i == k) l.add(r, 1.0);
          continue;
        }
        l.add(r, nn(k, i));
        l.add(c + r, (k == i ? 1.0 : 0.0) - nn(k, i));
        l.add(sn + r, -cross(k, i));
      }
    }
  return out;
}

// delta(x)'s coordinates, part by part, as linear expressions of the named state's entries
std::vector<Linear> deltaExpressions(const SystemModel& model, const ParamValues& values,
                                     const std::vector<StatePart>& star, const Vector3d& spin) {
  const SystemDeclaration& d = model.declaration();
  std::vector<Linear> out;
  for (const TangentPart& t : d.tangent) {
    const StatePart* p = findPart(star, t.part);
    const auto spec = std::find_if(d.state.begin(), d.state.end(),
                                   [&](const StatePartSpec& s) { return s.name == t.part; });
    if (!p || spec == d.state.end())
      throw InputError(d.name + ": the tangent part '" + t.part + "' is not in the state");
    const std::vector<std::string> names = entryNames(t.part, spec->shape, values);
    switch (t.kind) {
      case TangentKind::Rotation: {
        // xi = vee(skew(R*^T R')), R' = exp(-t spin^) R; (R*^T R')_ij = sum_k R*_ki R'_kj
        const std::vector<Linear> turned = unturned(names, spin);
        const auto M = [&](int i, int j) {
          Linear l;
          for (int k = 0; k < 3; ++k)
            l += turned[std::size_t(3 * k + j)].scaled(p->values[std::size_t(3 * k + i)]);
          return l;
        };
        const int pairs[3][2] = {{2, 1}, {0, 2}, {1, 0}};
        for (const auto& ij : pairs) {
          Linear l = M(ij[0], ij[1]).scaled(0.5);
          l += M(ij[1], ij[0]).scaled(-0.5);
          out.push_back(l);
        }
        break;
      }
      case TangentKind::UnitVectors:
        // xi = q* x q per vector
        for (std::size_t r = 0; r < p->values.size(); r += 3) {
          const double* a = &p->values[r];
          const std::string& q1 = names[r];
          const std::string& q2 = names[r + 1];
          const std::string& q3 = names[r + 2];
          Linear x, y, z;
          x.add(q3, a[1]);
          x.add(q2, -a[2]);
          y.add(q1, a[2]);
          y.add(q3, -a[0]);
          z.add(q2, a[0]);
          z.add(q1, -a[1]);
          out.push_back(x);
          out.push_back(y);
          out.push_back(z);
        }
        break;
      case TangentKind::Entries:
        for (std::size_t i = 0; i < p->values.size(); ++i) {
          Linear l;
          l.constant = -p->values[i];
          l.add(names[i], 1.0);
          out.push_back(l);
        }
        break;
    }
  }
  return out;
}

}  // namespace

LqrDesign designLqr(const SystemModel& model, Method method, const ParamValues& values,
                    const IntegratorSettings& settings, const std::vector<StatePart>* equilibrium,
                    const VectorXd& uStar, const MatrixXd& Q, const MatrixXd& R,
                    LqrReference reference) {
  Simulator sim(model, method, values, settings, equilibrium);
  LqrDesign out;
  if (reference == LqrReference::SteadyRotation) {
    // the rate of the method's own unforced motion from x*: R_1 R_0^T = exp(h spin^)
    const auto rotation =
        std::find_if(model.declaration().tangent.begin(), model.declaration().tangent.end(),
                     [](const TangentPart& t) { return t.kind == TangentKind::Rotation; });
    if (rotation == model.declaration().tangent.end())
      throw InputError("lqr: a steady rotation needs a rotation in the state; " + model.name() +
                       " has none");
    Simulator free(model, method, values, settings, equilibrium);
    const auto R = [&](const std::vector<StatePart>& x) {
      const StatePart* p = findPart(x, rotation->part);
      Matrix3d M;
      for (int i = 0; i < 9; ++i) M(i / 3, i % 3) = p->values[std::size_t(i)];
      return M;
    };
    const Matrix3d R0 = R(free.state());
    if (!free.step()) throw InputError("lqr: " + free.failure().reason);
    out.spin = so3Log(R(free.state()) * R0.transpose()) / settings.h;
  }
  if (sim.controlSize() == 0) throw InputError("lqr: " + model.name() + " takes no control");
  const VectorXd u = uStar.size() ? uStar : VectorXd::Zero(Eigen::Index(sim.controlSize()));
  out.derivative = sim.linearize(u);
  const Eigen::Index n = out.derivative.A.rows(), m = out.derivative.B.cols();
  const MatrixXd q = Q.size() ? Q : MatrixXd(MatrixXd::Identity(n, n));
  const MatrixXd r = R.size() ? R : MatrixXd(MatrixXd::Identity(m, m));
  out.lqr = dlqr(out.derivative.A, out.derivative.B, q, r);
  const std::vector<StatePart> star = sim.state();
  out.tangent = tangentNames(model.declaration(), star);
  const std::vector<Linear> delta = deltaExpressions(model, sim.values(), star, out.spin);
  // u_i = u*_i - sum_j K_ij delta_j, grouped by channel
  std::vector<Linear> entries(static_cast<std::size_t>(m));
  for (Eigen::Index i = 0; i < m; ++i) {
    entries[std::size_t(i)].constant = u[i];
    for (Eigen::Index j = 0; j < n; ++j)
      if (out.lqr.K(i, j) != 0.0)
        entries[std::size_t(i)] += delta[std::size_t(j)].scaled(-out.lqr.K(i, j));
  }
  std::size_t k = 0;
  for (const StatePartSpec& c : model.declaration().controls) {
    const std::size_t size = declaredSize(c.shape, sim.values());
    out.law += (out.law.empty() ? "" : "; ") + c.name + "=[";
    for (std::size_t e = 0; e < size; ++e, ++k) out.law += (e ? ", " : "") + text(entries[k]);
    out.law += "]";
  }
  // the law must be one the parser takes: checked here rather than at its first use
  parseControlLaw(model, sim.values(), out.law);
  return out;
}

}  // namespace dms
