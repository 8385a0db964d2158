// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// DMS_ASAN and DMS_TSAN are 1 in a build under AddressSanitizer or ThreadSanitizer, 0 otherwise,
// whichever the compiler: GCC says so by __SANITIZE_ADDRESS__ and __SANITIZE_THREAD__, clang (the
// asan preset and the fuzzing build) only by __has_feature.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define DMS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DMS_ASAN 1
#endif
#endif
#ifndef DMS_ASAN
#define DMS_ASAN 0
#endif

#if defined(__SANITIZE_THREAD__)
#define DMS_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define DMS_TSAN 1
#endif
#endif
#ifndef DMS_TSAN
#define DMS_TSAN 0
#endif
