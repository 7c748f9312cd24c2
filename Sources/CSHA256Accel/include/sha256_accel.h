// SHA-256 on the CPU's SHA extensions (x86-64 SHA-NI), when it has them.
//
// libsodium's SHA-256 is portable C, about eight times slower than the SHA instructions
// that most x86-64 CPUs of the last years carry. Every node's id is a SHA-256 of its
// canonical body, so redo-conform hashes through this module when the CPU allows and
// through libsodium otherwise (RedoCrypto's SHA256 decides; both give the same digest,
// which the tests check on every length up to several blocks).
#ifndef REDO_SHA256_ACCEL_H
#define REDO_SHA256_ACCEL_H

#include <stddef.h>
#include <stdint.h>

/// 1 when this CPU has the SHA extensions (and SSSE3/SSE4.1), else 0. Cheap: the answer
/// is computed once.
int redo_sha256_accel_available(void);

/// Writes SHA-256(message) to digest and returns 1; returns 0 and writes nothing when the
/// CPU lacks the extensions (or the build is not for x86-64).
int redo_sha256_accel(const uint8_t *message, size_t length, uint8_t digest[32]);

#endif
