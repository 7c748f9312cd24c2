// SHA-256 with the x86-64 SHA extensions. See include/sha256_accel.h for why.
//
// The state lives in two vectors in the layout sha256rnds2 wants (ABEF and CDGH); each
// 64-byte block runs 16 groups of four rounds, and the message schedule for group g is
// built from the four groups before it with sha256msg1/sha256msg2.
#include "sha256_accel.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>

#define REDO_SHA_TARGET __attribute__((target("sha,sse4.1,ssse3")))

static const uint32_t round_constants[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/// Runs the compression function over `blocks` 64-byte blocks.
REDO_SHA_TARGET
static void compress(uint32_t state[8], const uint8_t *data, size_t blocks) {
    // Message words are big-endian; this shuffle swaps the bytes of each 32-bit lane.
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);

    // {a,b,c,d},{e,f,g,h} -> ABEF, CDGH (highest lane first in these names).
    __m128i abcd = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i efgh = _mm_loadu_si128((const __m128i *)&state[4]);
    abcd = _mm_shuffle_epi32(abcd, 0xB1);                 // CDAB
    efgh = _mm_shuffle_epi32(efgh, 0x1B);                 // EFGH
    __m128i abef = _mm_alignr_epi8(abcd, efgh, 8);        // ABEF
    __m128i cdgh = _mm_blend_epi16(efgh, abcd, 0xF0);     // CDGH

    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abef_in = abef, cdgh_in = cdgh;
        __m128i w[4];
        for (int k = 0; k < 4; k++) {
            w[k] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * k)), byte_swap);
        }
        for (int g = 0; g < 16; g++) {
            if (g >= 4) {
                // w[g&3] holds the group g-4, w[(g+1)&3] g-3, w[(g+2)&3] g-2, w[(g+3)&3] g-1.
                __m128i next = _mm_sha256msg1_epu32(w[g & 3], w[(g + 1) & 3]);
                next = _mm_add_epi32(next, _mm_alignr_epi8(w[(g + 3) & 3], w[(g + 2) & 3], 4));
                w[g & 3] = _mm_sha256msg2_epu32(next, w[(g + 3) & 3]);
            }
            __m128i message = _mm_add_epi32(w[g & 3], _mm_load_si128((const __m128i *)&round_constants[4 * g]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, message);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(message, 0x0E));
        }
        abef = _mm_add_epi32(abef, abef_in);
        cdgh = _mm_add_epi32(cdgh, cdgh_in);
    }

    // ABEF, CDGH -> {a,b,c,d},{e,f,g,h}
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

static int detect(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const int ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    const int sha = (ebx >> 29) & 1;
    return ssse3 && sse41 && sha;
}

int redo_sha256_accel_available(void) {
    // -1 = not asked yet. Relaxed atomics: two threads racing here only compute the
    // same answer twice (and the thread sanitizer sees no data race).
    static int available = -1;
    int known = __atomic_load_n(&available, __ATOMIC_RELAXED);
    if (known < 0) {
        known = detect();
        __atomic_store_n(&available, known, __ATOMIC_RELAXED);
    }
    return known;
}

int redo_sha256_accel(const uint8_t *message, size_t length, uint8_t digest[32]) {
    if (!redo_sha256_accel_available()) return 0;
    uint32_t state[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                         0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    const size_t whole = length / 64;
    if (whole > 0) compress(state, message, whole);

    // The tail, the 0x80 marker and the 64-bit bit length fill one or two last blocks.
    uint8_t last[128] = {0};
    const size_t rest = length - whole * 64;
    if (rest > 0) memcpy(last, message + whole * 64, rest);
    last[rest] = 0x80;
    const size_t last_blocks = rest < 56 ? 1 : 2;
    const uint64_t bits = (uint64_t)length * 8;
    for (int k = 0; k < 8; k++) last[last_blocks * 64 - 1 - k] = (uint8_t)(bits >> (8 * k));
    compress(state, last, last_blocks);

    for (int k = 0; k < 8; k++) {
        digest[4 * k + 0] = (uint8_t)(state[k] >> 24);
        digest[4 * k + 1] = (uint8_t)(state[k] >> 16);
        digest[4 * k + 2] = (uint8_t)(state[k] >> 8);
        digest[4 * k + 3] = (uint8_t)state[k];
    }
    return 1;
}

#else // not x86-64: the caller uses libsodium

int redo_sha256_accel_available(void) { return 0; }

int redo_sha256_accel(const uint8_t *message, size_t length, uint8_t digest[32]) {
    (void)message; (void)length; (void)digest;
    return 0;
}

#endif
