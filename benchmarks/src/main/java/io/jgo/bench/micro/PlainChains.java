package io.jgo.bench.micro;

import io.jgo.Go;

/**
 * The baseline of the fast-path benchmark: exactly {@link GoroutineChains} without the
 * {@code @Goroutine} annotations, so the instrumenter leaves it alone. Keep the two identical.
 */
final class PlainChains {

    /**
     * Never set. The leaves test it and would call {@code Go.gosched()}: that gives every chain a
     * suspension point, as real goroutine code has, so the rewrite cannot leave the chain alone as
     * pure computation; the branch costs the same load and test in both classes.
     */
    static boolean yieldInLeaf;

    private PlainChains() {
    }

    static int small10(int x) {
        x = x * 0x9E3779B1 + 7;
        x ^= x >>> 15;
        return small9(x) ^ x;
    }

    static int small9(int x) {
        x = x * 0x9E3779B1 + 7;
        x ^= x >>> 15;
        return small8(x) ^ x;
    }

    static int small8(int x) {
        x = x * 0x9E3779B1 + 7;
        x ^= x >>> 15;
        return small7(x) ^ x;
    }

    static int small7(int x) {
        x = x * 0x9E3779B1 + 7;
        x ^= x >>> 15;
        return small6(x) ^ x;
    }

    static int small6(int x) {
        x = x * 0x9E3779B1 + 7;
        x ^= x >>> 15;
        return small5(x) ^ x;
    }

    static int small5(int x) {
        x = x * 0x9E3779B1 + 7;
        x ^= x >>> 15;
        return small4(x) ^ x;
    }

    static int small4(int x) {
        x = x * 0x9E3779B1 + 7;
        x ^= x >>> 15;
        return small3(x) ^ x;
    }

    static int small3(int x) {
        x = x * 0x9E3779B1 + 7;
        x ^= x >>> 15;
        return small2(x) ^ x;
    }

    static int small2(int x) {
        x = x * 0x9E3779B1 + 7;
        x ^= x >>> 15;
        return small1(x) ^ x;
    }

    static int small1(int x) {
        x = x * 0x9E3779B1 + 7;
        x ^= x >>> 15;
        if (yieldInLeaf) {
            Go.gosched();
        }
        return x;
    }

    static int medium10(int x) {
        for (int i = 0; i < 50; i++) {
            x = x * 31 + i;
        }
        return medium9(x) ^ x;
    }

    static int medium9(int x) {
        for (int i = 0; i < 50; i++) {
            x = x * 31 + i;
        }
        return medium8(x) ^ x;
    }

    static int medium8(int x) {
        for (int i = 0; i < 50; i++) {
            x = x * 31 + i;
        }
        return medium7(x) ^ x;
    }

    static int medium7(int x) {
        for (int i = 0; i < 50; i++) {
            x = x * 31 + i;
        }
        return medium6(x) ^ x;
    }

    static int medium6(int x) {
        for (int i = 0; i < 50; i++) {
            x = x * 31 + i;
        }
        return medium5(x) ^ x;
    }

    static int medium5(int x) {
        for (int i = 0; i < 50; i++) {
            x = x * 31 + i;
        }
        return medium4(x) ^ x;
    }

    static int medium4(int x) {
        for (int i = 0; i < 50; i++) {
            x = x * 31 + i;
        }
        return medium3(x) ^ x;
    }

    static int medium3(int x) {
        for (int i = 0; i < 50; i++) {
            x = x * 31 + i;
        }
        return medium2(x) ^ x;
    }

    static int medium2(int x) {
        for (int i = 0; i < 50; i++) {
            x = x * 31 + i;
        }
        return medium1(x) ^ x;
    }

    static int medium1(int x) {
        for (int i = 0; i < 50; i++) {
            x = x * 31 + i;
        }
        if (yieldInLeaf) {
            Go.gosched();
        }
        return x;
    }
}
