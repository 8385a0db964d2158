// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/control/slsqp.h"

#include <nlopt.h>

#include <cmath>
#include <memory>

namespace dms {

double slsqpWorkBytes(int n, int m) {
  // length_work() of NLopt's slsqp.c with m equality constraints, plus nlopt_slsqp's own arrays
  const double N = n, M = m, n1 = N + 1, meq = M, mineq = M - meq + 2 * n1;
  const double lenW = (3 * n1 + M) * (n1 + 1) + (n1 - meq + 1) * (mineq + 2) + 2 * mineq +
                      (n1 + mineq) * (n1 - meq) + 2 * meq + n1 + (N + 1) * N / 2 + 2 * M + 3 * N +
                      3 * n1 + 1;
  const double extra = std::max(1.0, M) * (N + 1) + M + 4 * N + 1 + M * N;
  return 8.0 * (lenW + extra) + 4.0 * mineq;
}

namespace {

// What NLopt calls back into. SLSQP evaluates f, then c at the same x: the cache serves c.
// An SQP iteration is recognized from the evaluation pattern of nlopt_slsqp: each iteration
// ends with a gradient evaluation at the accepted point; a gradient evaluation followed by a
// function-only one was a rejected line-search trial. So a gradient evaluation is held as
// pending and reported when the next gradient evaluation (at another x) shows it was accepted.
struct Context {
  const EqualityNlp* nlp = nullptr;
  const SlsqpSettings* settings = nullptr;
  const ProgressCallback* progress = nullptr;
  nlopt_opt opt = nullptr;

  VectorXd cx, cc, cg;
  Eigen::MatrixXd cA;
  double cf = HUGE_VAL;
  bool cValid = false, cHasGrad = false;

  bool hasPending = false;
  VectorXd pendingX;
  IterationReport pending;
  std::vector<IterationReport> history;
  int evaluations = 0;
  bool cancelled = false, iterationLimit = false;

  void evaluate(const double* x, bool grad) {
    const int n = nlp->n;
    const Eigen::Map<const VectorXd> xm(x, n);
    if (cValid && (cHasGrad || !grad) && cx == xm) return;
    cx = xm;
    cc.resize(nlp->m);
    if (grad) {
      cg.resize(n);
      cA.resize(nlp->m, n);
    }
    cValid = nlp->evaluate(cx, cf, cc, grad ? &cg : nullptr, grad ? &cA : nullptr) &&
             std::isfinite(cf) && cc.allFinite() && (!grad || (cg.allFinite() && cA.allFinite()));
    cHasGrad = grad;
    ++evaluations;
  }

  double violation() const { return cc.size() ? cc.cwiseAbs().maxCoeff() : 0.0; }

  // records the pending iterate; `live`: the solve goes on (may cancel or hit the limit)
  void commit(bool live) {
    hasPending = false;
    pending.iteration = int(history.size());
    history.push_back(pending);
    const bool goOn = !(progress && *progress) || (*progress)(pending);
    if (!live) return;
    if (!goOn) {
      cancelled = true;
      nlopt_force_stop(opt);
    } else if (pending.iteration >= settings->maxIterations) {
      iterationLimit = true;
      nlopt_force_stop(opt);
    }
  }

  double objective(const double* x, double* grad) {
    const int n = nlp->n;
    if (grad && hasPending && !(pendingX == Eigen::Map<const VectorXd>(x, n))) commit(true);
    if (!grad) hasPending = false;  // the pending trial was rejected
    // where the functions are not defined the value is +inf and the gradient zero: SLSQP reads
    // both, and must not read what the previous evaluation left in its array
    const auto undefined = [&] {
      if (grad) Eigen::Map<VectorXd>(grad, n).setZero();
      return HUGE_VAL;
    };
    if (cancelled || iterationLimit) return undefined();
    evaluate(x, grad != nullptr);
    if (!cValid) return undefined();
    if (grad) {
      Eigen::Map<VectorXd>(grad, n) = cg;
      hasPending = true;
      pendingX = cx;
      pending = IterationReport{};
      pending.evaluations = evaluations;
      pending.cost = cf;
      pending.constraintViolation = violation();
    }
    return cf;
  }

  void constraints(double* result, const double* x, double* grad) {
    evaluate(x, grad != nullptr);
    const int n = nlp->n, m = nlp->m;
    for (int i = 0; i < m; ++i) result[i] = cValid ? cc[i] : HUGE_VAL;
    if (grad)
      for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) grad[i * n + j] = cValid ? cA(i, j) : 0.0;
  }
};

double objectiveThunk(unsigned, const double* x, double* grad, void* data) {
  return static_cast<Context*>(data)->objective(x, grad);
}

void constraintThunk(unsigned, double* result, unsigned, const double* x, double* grad,
                     void* data) {
  static_cast<Context*>(data)->constraints(result, x, grad);
}

struct OptDeleter {
  void operator()(nlopt_opt_s* o) const { nlopt_destroy(o); }
};

}  // namespace

SlsqpResult solveSlsqp(const EqualityNlp& nlp, const VectorXd& x0, const SlsqpSettings& s,
                       const ProgressCallback& progress) {
  SlsqpResult r;
  r.x = x0;
  std::unique_ptr<nlopt_opt_s, OptDeleter> opt(nlopt_create(NLOPT_LD_SLSQP, unsigned(nlp.n)));
  if (!opt) {
    r.status = "could not create the SLSQP solver";
    return r;
  }
  Context ctx;
  ctx.nlp = &nlp;
  ctx.settings = &s;
  ctx.progress = &progress;
  ctx.opt = opt.get();
  const std::vector<double> tol(std::size_t(nlp.m), s.constraintTol);
  nlopt_set_min_objective(opt.get(), objectiveThunk, &ctx);
  if (nlp.m > 0)
    nlopt_add_equality_mconstraint(opt.get(), unsigned(nlp.m), constraintThunk, &ctx, tol.data());
  nlopt_set_ftol_rel(opt.get(), s.ftolRel);
  nlopt_set_xtol_rel(opt.get(), s.xtolRel);
  // a backstop: a line search takes at most about a dozen evaluations
  nlopt_set_maxeval(opt.get(), 20 * (s.maxIterations + 1) + 20);
  if (s.maxTimeSeconds > 0) nlopt_set_maxtime(opt.get(), s.maxTimeSeconds);

  std::vector<double> x(x0.data(), x0.data() + x0.size());
  double fmin = HUGE_VAL;
  const nlopt_result res = nlopt_optimize(opt.get(), x.data(), &fmin);
  const Eigen::Map<const VectorXd> xm(x.data(), nlp.n);
  // the last accepted iterate is still pending when SLSQP stopped right after evaluating it
  if (ctx.hasPending && ctx.pendingX == xm) ctx.commit(false);

  r.x = xm;
  r.evaluations = ctx.evaluations;
  r.history = std::move(ctx.history);
  r.iterations = r.history.empty() ? 0 : r.history.back().iteration;
  r.cancelled = ctx.cancelled;
  if (ctx.cancelled)
    r.status = "cancelled";
  else if (ctx.iterationLimit)
    r.status = "iteration limit (" + std::to_string(s.maxIterations) + ") reached";
  else
    r.status = nlopt_result_to_string(res);
  ctx.evaluate(x.data(), false);
  r.cost = ctx.cValid ? ctx.cf : HUGE_VAL;
  r.constraintViolation = ctx.cValid ? ctx.violation() : HUGE_VAL;
  const bool stopTest =
      res == NLOPT_SUCCESS || res == NLOPT_FTOL_REACHED || res == NLOPT_XTOL_REACHED;
  r.success = stopTest && !ctx.cancelled && !ctx.iterationLimit && ctx.cValid &&
              r.constraintViolation <= s.constraintTol;
  return r;
}

}  // namespace dms
