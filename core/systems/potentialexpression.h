// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A potential the user types: checked and differentiated once, symbolically, when it is
/// accepted (GiNaC), then evaluated compiled (muParser bytecode) at every call, with the
/// variables bound by pointer to doubles the evaluator owns. No hand-written parser or
/// differentiator, no finite differences (docs/numerics.md, "A potential you type").
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/params.h"

namespace mu {
class Parser;
}

namespace dms {

/// The longest text accepted and the deepest nesting (parentheses, runs of signs): a pasted
/// megabyte or a deep nesting is refused before a recursive parser sees it.
inline constexpr std::size_t kMaxPotentialLength = 4096;
inline constexpr int kMaxPotentialNesting = 64;
/// The largest decimal exponent a number may write (1e-400 ... 1e400): every double is written
/// within it, and GiNaC, which reads a number exactly before rounding it, would otherwise
/// compute a power of ten of as many digits as the exponent is large.
inline constexpr int kMaxPotentialExponent = 400;

/// What a potential is a function of, and the names it may not take as parameters.
struct PotentialVariables {
  std::string field;                   ///< the input's name in messages, e.g. "potential"
  std::vector<std::string> variables;  ///< e.g. R11 ... R33, or q1 q2 q3
  std::string variablePrefix;          ///< a name like PREFIXdigits is a variable or unknown
  /// The system's scalar parameters the expression may use (the sphere's m and l).
  std::vector<std::string> systemScalars;
  /// The system's other parameters, which the expression may not use (J, rotvec0, ...).
  std::vector<std::string> reserved;
  /// The variables' prefixes of the other typed systems (R for the rigid body's R11 ... R33):
  /// a name like one of their coordinates is refused rather than taken as a parameter, whose
  /// derivative would be 0.
  std::vector<std::string> foreignPrefixes = {};
};

/// The functions the grammar allows, each f(x): sin cos tan asin acos atan sinh cosh tanh exp
/// log sqrt; and the constant pi.
const std::vector<std::string>& potentialFunctions();

/// An accepted potential: its text, the free parameters it names and its derivatives with
/// respect to each variable, as text muParser compiles (GiNaC's print form).
struct PotentialExpression {
  std::string text;
  PotentialVariables vars;
  std::vector<std::string> parameters;  ///< free symbols, sorted; systemScalars not included
  std::vector<std::string> gradient;    ///< dU/dvariables[i]
  /// d^2U/dvariables[i] dvariables[j] at i * n + j (n variables): GiNaC's derivatives of the
  /// gradient's expressions, for the derivative of a step (tangent.h).
  std::vector<std::string> hessian;
  /// True when U is unchanged by rotations about e3 (symbolically: the derivative along the
  /// rotation's generator simplifies to 0). For R: U(exp(s e3^) R); for q: U(exp(s e3^) q).
  bool symmetricAboutE3 = false;
};

/// Checks, parses and differentiates `text`. Throws InputError naming the field and what is
/// wrong: the length or nesting limit, a character that is no part of the grammar, a syntax
/// error (its column, 1-based, and what was expected), an unknown function or variable, a
/// reserved name, or a derivative that is not real.
PotentialExpression acceptPotential(const std::string& text, const PotentialVariables& vars);

/// One run's evaluator: its own muParser objects and the doubles they read, so runs on
/// different threads share nothing. Eval on compiled bytecode: no allocation per call.
class PotentialEvaluator {
 public:
  /// Binds the parameters (and system scalars) to their values in `values`; throws InputError
  /// naming a parameter without a value.
  PotentialEvaluator(const PotentialExpression& e, const ParamValues& values);
  ~PotentialEvaluator();
  PotentialEvaluator(const PotentialEvaluator&) = delete;
  PotentialEvaluator& operator=(const PotentialEvaluator&) = delete;

  /// The variables, in PotentialVariables::variables' order; set them, then evaluate.
  double* vars() { return m_vars.data(); }
  double value();
  /// dU/d variables[i] at vars(), one entry per variable.
  const double* gradient();
  /// d^2U/d variables[i] d variables[j] at vars(), at i * n + j. Compiled at the first call
  /// (a run that never asks for it pays nothing).
  const double* hessian();

 private:
  std::vector<double> m_vars;
  std::vector<double> m_params;  // sized once: muParser holds pointers into it
  std::unique_ptr<mu::Parser> m_u;
  std::unique_ptr<mu::Parser> m_grad;
  std::unique_ptr<mu::Parser> m_hess;
  std::string m_hessText;
  std::vector<std::string> m_names, m_varNames;
  int m_n = 0;
};

/// The free parameters of `e` without a value in `values`: an InputError naming the first.
void requireParameterValues(const PotentialExpression& e, const ParamValues& values,
                            const std::string& system);

}  // namespace dms
