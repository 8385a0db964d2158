// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/notation.h"

#include <array>
#include <cctype>
#include <utility>

namespace dms {

namespace {

bool isLetter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

// a name stands alone when no letter touches it on either side ("omega" in "q.omega", not in
// "omegas")
bool standsAlone(const std::string& s, std::size_t at, std::size_t length) {
  return (at == 0 || !isLetter(s[at - 1])) &&
         (at + length >= s.size() || !isLetter(s[at + length]));
}

}  // namespace

std::string typeset(const std::string& plain) {
  // longer names first, so that "Omega" is not read as "O" + "mega"; capital before small
  static const std::array<std::pair<const char*, const char*>, 15> greek = {{
      {"kappa", "κ"},
      {"Omega", "Ω"},
      {"omega", "ω"},
      {"theta", "θ"},
      {"Theta", "Θ"},
      {"lambda", "λ"},
      {"alpha", "α"},
      {"delta", "δ"},
      {"Delta", "Δ"},
      {"gamma", "γ"},
      {"sigma", "σ"},
      {"rho", "ρ"},
      {"phi", "φ"},
      {"tau", "τ"},
      {"mu", "μ"},
  }};
  static const std::array<std::pair<const char*, const char*>, 4> powers = {{
      {"^-1", "⁻¹"},
      {"^2", "²"},
      {"^3", "³"},
      {"^T", "ᵀ"},
  }};
  // a superscript letter that marks a target or a kind (q^d, u^f, u^m) or a power of a space
  // ((S^2)^n), not a hat (x^)
  static const std::array<std::pair<char, const char*>, 4> marks = {{
      {'d', "ᵈ"},
      {'f', "ᶠ"},
      {'m', "ᵐ"},
      {'n', "ⁿ"},
  }};
  std::string out;
  out.reserve(plain.size() + 16);
  bool normOpen = false;
  for (std::size_t i = 0; i < plain.size();) {
    const char c = plain[i];
    bool done = false;
    for (const auto& [name, letter] : greek) {
      const std::string n(name);
      if (plain.compare(i, n.size(), n) == 0 && standsAlone(plain, i, n.size())) {
        out += letter;
        i += n.size();
        done = true;
        break;
      }
    }
    if (done) continue;
    if (c == '^') {
      for (const auto& [power, sup] : powers) {
        const std::string p(power);
        if (plain.compare(i, p.size(), p) == 0) {
          out += sup;
          i += p.size();
          // a transpose sits against what it multiplies: R^T R -> RᵀR
          if (p == "^T" && i < plain.size() && plain[i] == ' ') ++i;
          done = true;
          break;
        }
      }
      if (done) continue;
      for (const auto& [mark, sup] : marks) {
        if (i + 1 < plain.size() && plain[i + 1] == mark &&
            (i + 2 >= plain.size() || !isLetter(plain[i + 2]))) {
          out += sup;
          i += 2;
          done = true;
          break;
        }
      }
      if (done) continue;
    }
    // the index i of a sum or a maximum: max_i |q_i.omega_i| -> maxᵢ |qᵢ·ωᵢ|
    if (c == '_' && i > 0 && isLetter(plain[i - 1]) && i + 1 < plain.size() &&
        plain[i + 1] == 'i' && (i + 2 >= plain.size() || !isLetter(plain[i + 2]))) {
      out += "ᵢ";
      i += 2;
      continue;
    }
    // "||" opens and closes a norm: ||I - R^T R|| -> ‖I − RᵀR‖
    if (c == '|' && i + 1 < plain.size() && plain[i + 1] == '|') {
      // closing only one that is open; a "||" that ends two absolute values (|1 - |q||) is kept
      const bool opens = !normOpen && (i == 0 || !isLetter(plain[i - 1])) && i + 2 < plain.size() &&
                         plain[i + 2] != '|' && plain.find("||", i + 2) != std::string::npos;
      if (opens || normOpen) {
        out += "‖";
        normOpen = !normOpen;
        i += 2;
        continue;
      }
    }
    if (c == '-' && i > 0 && plain[i - 1] == ' ' && i + 1 < plain.size() && plain[i + 1] == ' ') {
      out += "−";
      ++i;
      continue;
    }
    if (c == '.' && i > 0 && i + 1 < plain.size() && isLetter(plain[i - 1]) &&
        isLetter(plain[i + 1])) {
      out += "·";
      ++i;
      continue;
    }
    out += c;
    ++i;
  }
  return out;
}

std::string typesetName(const std::string& name) {
  static const char* const subscripts[] = {"₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};
  // the letters typeset as words (so that a digit does not keep "theta" from standing alone)
  std::string letters, out;
  const auto flush = [&] {
    out += typeset(letters);
    letters.clear();
  };
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (std::isdigit(static_cast<unsigned char>(c)) != 0) {
      flush();
      out += subscripts[c - '0'];
    } else if (c == '_' && i > 0 && i + 1 < name.size() &&
               std::isdigit(static_cast<unsigned char>(name[i + 1])) != 0) {
      // between two indices a comma (m1_2 -> m₁,₂); before the only one nothing (m_1 -> m₁)
      if (std::isdigit(static_cast<unsigned char>(name[i - 1])) != 0) {
        out += ",";
      } else {
        flush();
      }
    } else {
      letters += c;
    }
  }
  flush();
  return out;
}

}  // namespace dms
