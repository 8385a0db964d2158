// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/potentialexpression.h"

#include <ginac/ginac.h>
#include <muParser.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <locale>
#include <map>
#include <mutex>
#include <set>
#include <sstream>

namespace dms {
namespace {

// GiNaC keeps global state (its symbol and function tables, non-atomic reference counts):
// expressions are accepted one at a time
std::mutex& ginacMutex() {
  static std::mutex m;
  return m;
}

InputError fieldError(const PotentialVariables& v, const std::string& what) {
  return InputError("--" + v.field + ": " + what);
}

// ASCII only, whatever the C locale: a byte of a UTF-8 sequence is never part of a name
bool isAsciiAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isNameStart(char c) { return isAsciiAlpha(c) || c == '_'; }
bool isNameChar(char c) { return isAsciiAlpha(c) || (c >= '0' && c <= '9') || c == '_'; }

// The character that starts at t[i], for a message, in valid UTF-8 whatever the input: a
// printable ASCII character as itself (character '%'), any other by its code point and, when
// printable, itself (character U+00B7 '·', character U+0009), and a byte that starts no UTF-8
// sequence by its value (byte 0xB7 (not UTF-8)). The standard UTF-8 to UTF-32 facet decodes.
std::string characterAt(const std::string& t, std::size_t i) {
  const auto byte = static_cast<unsigned char>(t[i]);
  if (byte >= 0x20 && byte < 0x7f) return "character '" + std::string(1, t[i]) + "'";
  using Utf8 = std::codecvt<char32_t, char, std::mbstate_t>;
  const Utf8& utf8 = std::use_facet<Utf8>(std::locale::classic());
  std::mbstate_t state{};
  char32_t c = 0;
  const char* from = t.data() + i;
  const char* next = nullptr;
  char32_t* to = nullptr;
  const auto result = utf8.in(state, from, t.data() + t.size(), next, &c, &c + 1, to);
  char code[16];
  if (to != &c + 1 || (result != Utf8::ok && result != Utf8::partial)) {
    std::snprintf(code, sizeof code, "0x%02X", unsigned(byte));
    return std::string("byte ") + code + " (not UTF-8)";
  }
  std::snprintf(code, sizeof code, "U+%04X", unsigned(c));
  // C0 and C1 controls and DEL have no glyph to quote
  if (c < 0x20 || (c >= 0x7f && c < 0xa0)) return std::string("character ") + code;
  return std::string("character ") + code + " '" + std::string(from, next) + "'";
}

std::string functionList() {
  std::string s;
  for (const std::string& f : potentialFunctions()) s += (s.empty() ? "" : " ") + f;
  return s;
}

std::string variableList(const PotentialVariables& v) {
  std::string s;
  for (const std::string& n : v.variables) s += (s.empty() ? "" : " ") + n;
  return s;
}

bool contains(const std::vector<std::string>& list, const std::string& s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

// names GiNaC prints for its own constants and the imaginary unit: no parameter may be one
bool ginacName(const std::string& s) {
  return s == "Pi" || s == "I" || s == "Euler" || s == "Catalan" || s == "E";
}

struct Scanned {
  std::set<std::string> parameters;
  /// The text for GiNaC: each integer literal written as a float ("2" as "2.0"), so that no
  /// power of numbers is computed exactly (9^999999999 would be a number of a billion digits)
  std::string floats;
};

// A lexical pass over the text, before any parser sees it: the characters, the nesting and
// the names (each function, variable and parameter). Columns are 1-based.
Scanned scan(const std::string& t, const PotentialVariables& v) {
  Scanned out;
  int depth = 0, signs = 0;
  std::size_t i = 0;
  const auto col = [](std::size_t at) { return std::to_string(at + 1); };
  std::size_t copied = 0;  // t[copied, i) is yet to be appended to out.floats
  // a^b^c is refused: muParser and GiNaC's parser do not group it alike (and GiNaC's releases
  // differ), so the text would mean two things. power[d]: a '^' was met at nesting depth d since
  // the last binary operator there; afterOperator: a sign here is unary (it binds to the
  // operand, so a^-b^c is a chain too)
  std::vector<char> power(kMaxPotentialNesting + 2, 0);
  bool afterOperator = true;
  const auto level = [&depth] { return std::size_t(std::max(depth, 0)); };
  while (i < t.size()) {
    out.floats += t.substr(copied, i - copied);
    copied = i;
    const char c = t[i];
    if (c == ' ' || c == '\t') {
      ++i;
      continue;
    }
    if (c == '+' || c == '-') {
      if (!afterOperator) power[level()] = 0;
      afterOperator = true;
      // a run of signs nests like parentheses in a recursive parser
      if (++signs + depth > kMaxPotentialNesting)
        throw fieldError(v, "nests deeper than " + std::to_string(kMaxPotentialNesting) +
                                " levels at column " + col(i));
      ++i;
      continue;
    }
    signs = 0;
    afterOperator = false;  // an operand, unless the branch below is an operator
    if (c == '(') {
      if (++depth > kMaxPotentialNesting)
        throw fieldError(v, "nests deeper than " + std::to_string(kMaxPotentialNesting) +
                                " levels of parentheses at column " + col(i));
      power[level()] = 0;
      afterOperator = true;
      ++i;
    } else if (c == ')') {
      --depth;
      afterOperator = false;
      ++i;
    } else if (c == '*' || c == '/') {
      power[level()] = 0;
      afterOperator = true;
      ++i;
    } else if (c == '^') {
      if (power[level()])
        throw fieldError(v, "the power at column " + col(i) +
                                " follows another one: a^b^c could not be read, write "
                                "(a^b)^c or a^(b^c)");
      power[level()] = 1;
      afterOperator = true;
      ++i;
    } else if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
      const std::size_t start = i;
      bool integer = true;
      while (i < t.size() && (std::isdigit(static_cast<unsigned char>(t[i])) || t[i] == '.')) {
        integer = integer && t[i] != '.';
        ++i;
      }
      if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        std::size_t j = i + 1;
        if (j < t.size() && (t[j] == '+' || t[j] == '-')) ++j;
        if (j < t.size() && std::isdigit(static_cast<unsigned char>(t[j]))) {
          integer = false;
          i = j;
          long exponent = 0;  // saturated: only whether it exceeds the limit matters
          while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) {
            exponent = std::min(10 * exponent + (t[i] - '0'), 10L * kMaxPotentialExponent);
            ++i;
          }
          if (exponent > kMaxPotentialExponent)
            throw fieldError(v, "the number '" + t.substr(start, i - start) + "' at column " +
                                    col(start) + " has an exponent beyond " +
                                    std::to_string(kMaxPotentialExponent) + " (allowed: e-" +
                                    std::to_string(kMaxPotentialExponent) + " to e" +
                                    std::to_string(kMaxPotentialExponent) + ")");
        }
      }
      const std::string literal = t.substr(start, i - start);
      // its value, read whatever the C locale (the app runs in the user's, whose decimal
      // separator may be a comma) and as a long double, whose range holds every literal the
      // length and exponent limits allow, so that only the conversion to double overflows
      long double value = 0;
      std::from_chars(literal.data(), literal.data() + literal.size(), value);
      if (!std::isfinite(static_cast<double>(value)))
        throw fieldError(v, "the number '" + literal + "' at column " + col(start) +
                                " is too large for a double (at most about 1.8e308)");
      out.floats += literal + (integer ? ".0" : "");
      copied = i;
      continue;
    } else if (isNameStart(c)) {
      const std::size_t start = i;
      while (i < t.size() && isNameChar(t[i])) ++i;
      const std::string name = t.substr(start, i - start);
      std::size_t k = i;
      while (k < t.size() && (t[k] == ' ' || t[k] == '\t')) ++k;
      const bool call = k < t.size() && t[k] == '(';
      const bool function = contains(potentialFunctions(), name);
      if (call && !function)
        throw fieldError(v, "unknown function '" + name + "' at column " + col(start) +
                                " (the functions are " + functionList() + ")");
      if (function && !call)
        throw fieldError(v, "function '" + name + "' at column " + col(start) +
                                " needs its argument in parentheses, e.g. " + name + "(x)");
      if (function || name == "pi" || contains(v.variables, name) ||
          contains(v.systemScalars, name))
        continue;
      const bool variableLike =
          name.size() > v.variablePrefix.size() && name.rfind(v.variablePrefix, 0) == 0 &&
          std::all_of(name.begin() + v.variablePrefix.size(), name.end(),
                      [](char d) { return std::isdigit(static_cast<unsigned char>(d)); });
      if (variableLike)
        throw fieldError(v, "unknown variable '" + name + "' at column " + col(start) +
                                " (the variables are " + variableList(v) + ")");
      for (const std::string& prefix : v.foreignPrefixes)
        if (name.size() > prefix.size() && name.rfind(prefix, 0) == 0 &&
            std::all_of(name.begin() + long(prefix.size()), name.end(),
                        [](char d) { return std::isdigit(static_cast<unsigned char>(d)); }))
          throw fieldError(v, "'" + name + "' at column " + col(start) +
                                  " is named like another system's coordinate, not one of this "
                                  "system's (the variables are " +
                                  variableList(v) + "); a parameter needs another name");
      if (contains(v.reserved, name))
        throw fieldError(v, "'" + name + "' at column " + col(start) +
                                " is a parameter of the system that the potential cannot use");
      if (name[0] == '_' || ginacName(name))
        throw fieldError(v, "'" + name + "' at column " + col(start) +
                                " is reserved; name a parameter with a letter first (not Pi, "
                                "I, E, Euler, Catalan)");
      out.parameters.insert(name);
    } else {
      throw fieldError(v, "unexpected " + characterAt(t, i) + " at column " + col(i) +
                              "; expected a number, a name, an operator (+ - * / ^) or a "
                              "parenthesis");
    }
  }
  out.floats += t.substr(copied);
  return out;
}

// what muParser expected, by its error code
std::string expectedText(mu::EErrorCodes code) {
  switch (code) {
    case mu::ecUNEXPECTED_EOF:
    case mu::ecUNEXPECTED_OPERATOR:
    case mu::ecUNEXPECTED_PARENS:
      return "expected a number, a name, a function or '('";
    case mu::ecMISSING_PARENS:
      return "expected ')'";
    case mu::ecUNEXPECTED_VAL:
    case mu::ecUNEXPECTED_VAR:
    case mu::ecUNEXPECTED_FUN:
      return "expected an operator (+ - * / ^) or ')'";
    default:
      return "expected a number, a name, an operator (+ - * / ^) or a parenthesis";
  }
}

// The print form of an expression for muParser, the same in every process. GiNaC orders the
// terms of a sum and the factors of a product by hash values seeded from the addresses of its
// type information, which differ from process to process (address space layout
// randomisation); printed in that order, the same potential summed its terms in another order
// in another process and its runs differed in the last digits. Here the terms and factors are
// sorted by their own print form; numbers, symbols and functions print as GiNaC prints them.
std::string printed(const GiNaC::ex& e);

std::string gprint(const GiNaC::ex& e) {
  std::ostringstream s;
  s << e;
  return s.str();
}

// a power's base or exponent: anything but a name, a function or a plain number in parentheses
std::string operand(const GiNaC::ex& e) {
  const std::string s = printed(e);
  const bool atom = GiNaC::is_a<GiNaC::symbol>(e) || GiNaC::is_a<GiNaC::constant>(e) ||
                    GiNaC::is_a<GiNaC::function>(e) ||
                    (GiNaC::is_a<GiNaC::numeric>(e) && s.find_first_of("-/") == std::string::npos);
  return atom ? s : "(" + s + ")";
}

// a factor of a product: a sum or a fraction in parentheses (a power binds tighter than *)
std::string productFactor(const GiNaC::ex& e) {
  const std::string s = printed(e);
  const bool bare = !GiNaC::is_a<GiNaC::add>(e) &&
                    !(GiNaC::is_a<GiNaC::numeric>(e) && s.find_first_of("-/") != std::string::npos);
  return bare ? s : "(" + s + ")";
}

std::string printed(const GiNaC::ex& e) {
  if (GiNaC::is_a<GiNaC::add>(e)) {
    std::vector<std::string> terms;
    for (std::size_t i = 0; i < e.nops(); ++i) terms.push_back(printed(e.op(i)));
    std::sort(terms.begin(), terms.end());
    std::string out;
    for (const std::string& t : terms)
      out += out.empty() ? t : t[0] == '-' ? " - " + t.substr(1) : " + " + t;
    return out;
  }
  if (GiNaC::is_a<GiNaC::mul>(e)) {
    // a negative number factor as a sign in front: -2.0*x, -B*mu (muParser reads -x^2 as
    // -(x^2), as GiNaC means it)
    bool negative = false;
    std::vector<std::string> factors;
    for (std::size_t i = 0; i < e.nops(); ++i) {
      GiNaC::ex f = e.op(i);
      if (GiNaC::is_a<GiNaC::numeric>(f) && GiNaC::ex_to<GiNaC::numeric>(f).is_negative()) {
        negative = true;
        f = -f;
        if (f.is_equal(GiNaC::ex(1))) continue;
      }
      // the number first, then the other factors in order
      factors.push_back((GiNaC::is_a<GiNaC::numeric>(f) ? "0" : "1") + productFactor(f));
    }
    std::sort(factors.begin(), factors.end());
    for (std::string& f : factors) f.erase(0, 1);
    std::string out = negative ? "-" : "";
    for (std::size_t i = 0; i < factors.size(); ++i) out += (i ? "*" : "") + factors[i];
    return out;
  }
  if (GiNaC::is_a<GiNaC::power>(e)) {
    if (e.op(1).is_equal(GiNaC::numeric(1, 2))) return "sqrt(" + printed(e.op(0)) + ")";
    return operand(e.op(0)) + "^" + operand(e.op(1));
  }
  if (GiNaC::is_a<GiNaC::function>(e)) {
    std::string args;
    for (std::size_t i = 0; i < e.nops(); ++i) args += (i ? ", " : "") + printed(e.op(i));
    return GiNaC::ex_to<GiNaC::function>(e).get_name() + "(" + args + ")";
  }
  return gprint(e);  // a number, a symbol or a constant
}

void defineNames(mu::Parser& p, const std::vector<std::string>& names, double* storage) {
  for (std::size_t i = 0; i < names.size(); ++i) p.DefineVar(names[i], storage + i);
}

}  // namespace

const std::vector<std::string>& potentialFunctions() {
  static const std::vector<std::string> f = {"sin",  "cos",  "tan",  "asin", "acos", "atan",
                                             "sinh", "cosh", "tanh", "exp",  "log",  "sqrt"};
  return f;
}

PotentialExpression acceptPotential(const std::string& text, const PotentialVariables& v) {
  if (text.size() > kMaxPotentialLength)
    throw fieldError(v, "is " + std::to_string(text.size()) + " characters long; at most " +
                            std::to_string(kMaxPotentialLength) + " are accepted");
  const Scanned scanned = scan(text, v);
  PotentialExpression e;
  e.text = text;
  e.vars = v;
  e.parameters.assign(scanned.parameters.begin(), scanned.parameters.end());

  // every name muParser may see, each bound to a dummy value: the syntax check with columns
  std::vector<std::string> names = v.variables;
  names.insert(names.end(), v.systemScalars.begin(), v.systemScalars.end());
  names.insert(names.end(), e.parameters.begin(), e.parameters.end());
  std::vector<double> dummy(names.size(), 0.5);
  try {
    mu::Parser p;
    defineNames(p, names, dummy.data());
    p.DefineConst("pi", kPi);
    p.SetExpr(text);
    p.Eval();
  } catch (const mu::Parser::exception_type& err) {
    std::ostringstream m;
    // muParser may place the end of the text one past it
    const std::size_t at = std::min<std::size_t>(err.GetPos(), text.size());
    m << "syntax error at column " << at + 1;
    if (at == text.size()) m << " (the end)";
    if (!err.GetToken().empty()) m << " ('" << err.GetToken() << "')";
    m << ": " << expectedText(err.GetCode());
    throw InputError("--" + v.field + ": " + m.str(), err.GetMsg());
  }

  // GiNaC: the same text as an expression tree, its derivatives, their print form
  const std::lock_guard<std::mutex> lock(ginacMutex());
  try {
    GiNaC::symtab table;
    std::map<std::string, GiNaC::symbol> symbols;
    for (const std::string& n : names) {
      symbols.emplace(n, GiNaC::symbol(n));
      table[n] = symbols.at(n);
    }
    table["pi"] = GiNaC::Pi;
    GiNaC::parser reader(table, true);
    const GiNaC::ex U = reader(scanned.floats);
    std::vector<GiNaC::ex> d;
    for (const std::string& n : v.variables) {
      d.push_back(U.diff(symbols.at(n)));
      e.gradient.push_back(printed(d.back()));
    }
    // the second derivatives, each gradient expression differentiated again (symmetric: the
    // upper triangle)
    for (std::size_t i = 0; i < d.size(); ++i)
      for (std::size_t j = i; j < d.size(); ++j)
        e.hessian.push_back(printed(d[i].diff(symbols.at(v.variables[j]))));
    // the derivative along the rotation about e3: for q, (e3 x q) . dU/dq; for R, the same
    // on each column of R
    GiNaC::ex along = 0;
    const std::size_t columns = v.variables.size() / 3;
    for (std::size_t j = 0; j < columns; ++j) {
      // rows 1 and 2 of column j: variables[0 * columns + j], variables[1 * columns + j]
      const GiNaC::symbol& x = symbols.at(v.variables[j]);
      const GiNaC::symbol& y = symbols.at(v.variables[columns + j]);
      along += -y * d[j] + x * d[columns + j];
    }
    // GiNaC's automatic evaluation collects like terms; no expand() or normal(), whose cost a
    // power of a sum can make exponential
    e.symmetricAboutE3 = along.is_zero();
  } catch (const std::exception& err) {
    throw InputError(
        "--" + v.field + ": '" + text + "' could not be read as an expression (" + err.what() + ")",
        err.what());
  }
  // each derivative must compile: GiNaC may print what muParser cannot read (an imaginary
  // unit from the square root of a negative constant)
  for (std::size_t i = 0; i < e.gradient.size(); ++i) {
    try {
      mu::Parser p;
      defineNames(p, names, dummy.data());
      p.DefineConst("Pi", kPi);
      p.SetExpr(e.gradient[i]);
      p.Eval();
    } catch (const mu::Parser::exception_type& err) {
      throw InputError("--" + v.field + ": its derivative dU/d" + v.variables[i] + " = " +
                           e.gradient[i] + " is not a real expression",
                       err.GetMsg());
    }
  }
  // a second derivative muParser cannot read leaves the step's derivative unavailable
  for (const std::string& h : e.hessian) {
    try {
      mu::Parser p;
      defineNames(p, names, dummy.data());
      p.DefineConst("Pi", kPi);
      p.SetExpr(h);
      p.Eval();
    } catch (const mu::Parser::exception_type&) {
      e.hessian.clear();
      break;
    }
  }
  return e;
}

void requireParameterValues(const PotentialExpression& e, const ParamValues& values,
                            const std::string& system) {
  for (const std::string& n : e.parameters)
    if (values.find(n) == values.end())
      throw InputError("parameter '" + n + "' of the potential '" + e.text + "' of " + system +
                       " has no value: give it with --set " + n + "=VALUE");
}

PotentialEvaluator::PotentialEvaluator(const PotentialExpression& e, const ParamValues& values)
    : m_vars(e.vars.variables.size(), 0.0), m_n(int(e.vars.variables.size())) {
  std::vector<std::string> names = e.vars.systemScalars;
  names.insert(names.end(), e.parameters.begin(), e.parameters.end());
  m_params.resize(names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    const auto it = values.find(names[i]);
    if (it == values.end() || it->second.size() != 1)
      throw InputError("parameter '" + names[i] + "' of the potential '" + e.text +
                       "' has no value: give it with --set " + names[i] + "=VALUE");
    m_params[i] = it->second[0];
  }
  std::string all;
  for (const std::string& g : e.gradient) all += (all.empty() ? "" : ", ") + g;
  for (const std::string& h : e.hessian) m_hessianText += (m_hessianText.empty() ? "" : ", ") + h;
  m_hasHessian = !e.hessian.empty();
  m_names = names;
  m_varNames = e.vars.variables;
  try {
    m_u = std::make_unique<mu::Parser>();
    m_grad = std::make_unique<mu::Parser>();
    for (mu::Parser* p : {m_u.get(), m_grad.get()}) {
      defineNames(*p, e.vars.variables, m_vars.data());
      defineNames(*p, names, m_params.data());
      p->DefineConst("pi", kPi);
      p->DefineConst("Pi", kPi);
    }
    m_u->SetExpr(e.text);
    m_grad->SetExpr(all);
    // the first Eval compiles to bytecode (and allocates); later ones only run it
    m_u->Eval();
    int n = 0;
    m_grad->Eval(n);
  } catch (const mu::Parser::exception_type& err) {
    throw InputError("--" + e.vars.field + ": '" + e.text + "' could not be compiled",
                     err.GetMsg());
  }
}

PotentialEvaluator::~PotentialEvaluator() = default;

double PotentialEvaluator::value() { return m_u->Eval(); }

const double* PotentialEvaluator::gradient() {
  int n = 0;
  return m_grad->Eval(n);
}

const double* PotentialEvaluator::hessian() {
  if (!m_hasHessian)
    throw InputError(
        "the typed potential's second derivatives did not compile: a step's "
        "derivative is not available for it");
  if (!m_hess) {
    // bound like the gradient's parser, to the same doubles
    auto p = std::make_unique<mu::Parser>();
    defineNames(*p, m_varNames, m_vars.data());
    defineNames(*p, m_names, m_params.data());
    p->DefineConst("pi", kPi);
    p->DefineConst("Pi", kPi);
    p->SetExpr(m_hessianText);
    m_hess = std::move(p);
  }
  int n = 0;
  return m_hess->Eval(n);
}

}  // namespace dms
