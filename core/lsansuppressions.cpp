// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Compiled into every program and test that links the core, in the ASan builds only
// (core/CMakeLists.txt): CLN, the number library under GiNaC, allocates 26 bytes in its static
// initialisers that it never frees, and LeakSanitizer reports them at the exit of every program
// that loads it, whether or not it parses an expression. Only that library's allocations are
// suppressed: a leak in our code, or in GiNaC's, is still reported. LeakSanitizer calls these
// two functions when it starts; the table of suppressions used stays off stderr, which the CLI
// suites read.
#if defined(__SANITIZE_ADDRESS__)
extern "C" const char* __lsan_default_suppressions() { return "leak:libcln.so\n"; }
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }
#endif
