package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * Wide frames at a suspension point, one program each: many suspending operands of one expression
 * (string concatenation, a call's arguments), so the operand stack below the suspending call is
 * deep and the frame's record large; and a frame with many live locals calling JDK-interface
 * lambdas inside a try/catch. The wide frame is called by {@code run}, whose record stays saved
 * below it; each suspension saves a record bigger than the one before, so a record lands in a stack
 * segment the previous resume emptied and is too small for it.
 */
public final class WideStack {

    private WideStack() {
    }

    /** 25 suspending int operands of one concatenation. */
    public static final class Ints extends Program {
        @Goroutine
        @Override
        public void run() {
            result = wide();
        }

        @Goroutine
        static String wide() {
            return "" + Yield.i(0) + Yield.i(1) + Yield.i(2) + Yield.i(3) + Yield.i(4) + Yield.i(5) + Yield.i(6) + Yield.i(7) + Yield.i(8) + Yield.i(9) + Yield.i(10) + Yield.i(11) + Yield.i(12) + Yield.i(13) + Yield.i(14) + Yield.i(15) + Yield.i(16) + Yield.i(17) + Yield.i(18) + Yield.i(19) + Yield.i(20) + Yield.i(21) + Yield.i(22) + Yield.i(23) + Yield.i(24);
        }
    }

    /** 60 suspending String operands of one concatenation. */
    public static final class Strings extends Program {
        @Goroutine
        @Override
        public void run() {
            result = wide();
        }

        @Goroutine
        static String wide() {
            return "" + Yield.a("s0") + Yield.a("s1") + Yield.a("s2") + Yield.a("s3") + Yield.a("s4") + Yield.a("s5") + Yield.a("s6") + Yield.a("s7") + Yield.a("s8") + Yield.a("s9") + Yield.a("s10") + Yield.a("s11") + Yield.a("s12") + Yield.a("s13") + Yield.a("s14") + Yield.a("s15") + Yield.a("s16") + Yield.a("s17") + Yield.a("s18") + Yield.a("s19") + Yield.a("s20") + Yield.a("s21") + Yield.a("s22") + Yield.a("s23") + Yield.a("s24") + Yield.a("s25") + Yield.a("s26") + Yield.a("s27") + Yield.a("s28") + Yield.a("s29") + Yield.a("s30") + Yield.a("s31") + Yield.a("s32") + Yield.a("s33") + Yield.a("s34") + Yield.a("s35") + Yield.a("s36") + Yield.a("s37") + Yield.a("s38") + Yield.a("s39") + Yield.a("s40") + Yield.a("s41") + Yield.a("s42") + Yield.a("s43") + Yield.a("s44") + Yield.a("s45") + Yield.a("s46") + Yield.a("s47") + Yield.a("s48") + Yield.a("s49") + Yield.a("s50") + Yield.a("s51") + Yield.a("s52") + Yield.a("s53") + Yield.a("s54") + Yield.a("s55") + Yield.a("s56") + Yield.a("s57") + Yield.a("s58") + Yield.a("s59");
        }
    }

    /** 30 suspending long, double and int operands of one concatenation. */
    public static final class Mixed extends Program {
        @Goroutine
        @Override
        public void run() {
            result = wide();
        }

        @Goroutine
        static String wide() {
            return "" + Yield.j(0L) + Yield.d(1.5) + Yield.i(2) + Yield.j(3L) + Yield.d(4.5) + Yield.i(5) + Yield.j(6L) + Yield.d(7.5) + Yield.i(8) + Yield.j(9L) + Yield.d(10.5) + Yield.i(11) + Yield.j(12L) + Yield.d(13.5) + Yield.i(14) + Yield.j(15L) + Yield.d(16.5) + Yield.i(17) + Yield.j(18L) + Yield.d(19.5) + Yield.i(20) + Yield.j(21L) + Yield.d(22.5) + Yield.i(23) + Yield.j(24L) + Yield.d(25.5) + Yield.i(26) + Yield.j(27L) + Yield.d(28.5) + Yield.i(29);
        }
    }

    /** A call whose 90 arguments all suspend. */
    public static final class Args extends Program {
        @Goroutine
        @Override
        public void run() {
            result = wide();
        }

        @Goroutine
        static int wide() {
            return sum(Yield.i(0), Yield.i(1), Yield.i(2), Yield.i(3), Yield.i(4), Yield.i(5), Yield.i(6), Yield.i(7), Yield.i(8), Yield.i(9), Yield.i(10), Yield.i(11), Yield.i(12), Yield.i(13), Yield.i(14), Yield.i(15), Yield.i(16), Yield.i(17), Yield.i(18), Yield.i(19), Yield.i(20), Yield.i(21), Yield.i(22), Yield.i(23), Yield.i(24), Yield.i(25), Yield.i(26), Yield.i(27), Yield.i(28), Yield.i(29), Yield.i(30), Yield.i(31), Yield.i(32), Yield.i(33), Yield.i(34), Yield.i(35), Yield.i(36), Yield.i(37), Yield.i(38), Yield.i(39), Yield.i(40), Yield.i(41), Yield.i(42), Yield.i(43), Yield.i(44), Yield.i(45), Yield.i(46), Yield.i(47), Yield.i(48), Yield.i(49), Yield.i(50), Yield.i(51), Yield.i(52), Yield.i(53), Yield.i(54), Yield.i(55), Yield.i(56), Yield.i(57), Yield.i(58), Yield.i(59), Yield.i(60), Yield.i(61), Yield.i(62), Yield.i(63), Yield.i(64), Yield.i(65), Yield.i(66), Yield.i(67), Yield.i(68), Yield.i(69), Yield.i(70), Yield.i(71), Yield.i(72), Yield.i(73), Yield.i(74), Yield.i(75), Yield.i(76), Yield.i(77), Yield.i(78), Yield.i(79), Yield.i(80), Yield.i(81), Yield.i(82), Yield.i(83), Yield.i(84), Yield.i(85), Yield.i(86), Yield.i(87), Yield.i(88), Yield.i(89));
        }

        static int sum(int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, int a9, int a10, int a11, int a12, int a13, int a14, int a15, int a16, int a17, int a18, int a19, int a20, int a21, int a22, int a23, int a24, int a25, int a26, int a27, int a28, int a29, int a30, int a31, int a32, int a33, int a34, int a35, int a36, int a37, int a38, int a39, int a40, int a41, int a42, int a43, int a44, int a45, int a46, int a47, int a48, int a49, int a50, int a51, int a52, int a53, int a54, int a55, int a56, int a57, int a58, int a59, int a60, int a61, int a62, int a63, int a64, int a65, int a66, int a67, int a68, int a69, int a70, int a71, int a72, int a73, int a74, int a75, int a76, int a77, int a78, int a79, int a80, int a81, int a82, int a83, int a84, int a85, int a86, int a87, int a88, int a89) {
            return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 + a14 + a15 + a16 + a17 + a18 + a19 + a20 + a21 + a22 + a23 + a24 + a25 + a26 + a27 + a28 + a29 + a30 + a31 + a32 + a33 + a34 + a35 + a36 + a37 + a38 + a39 + a40 + a41 + a42 + a43 + a44 + a45 + a46 + a47 + a48 + a49 + a50 + a51 + a52 + a53 + a54 + a55 + a56 + a57 + a58 + a59 + a60 + a61 + a62 + a63 + a64 + a65 + a66 + a67 + a68 + a69 + a70 + a71 + a72 + a73 + a74 + a75 + a76 + a77 + a78 + a79 + a80 + a81 + a82 + a83 + a84 + a85 + a86 + a87 + a88 + a89;
        }
    }

    /** Thirty-two live locals of every type, each from a suspending call, some through JDK-interface lambdas, under a try/catch. */
    public static final class Locals extends Program {
        @Goroutine
        @Override
        public void run() {
            result = locals(3);
        }

        @Goroutine
        static String locals(int seed) {
            IntSupplier n = () -> Yield.i(seed * 7);
            Supplier<String> s = () -> Yield.a("sup" + seed);
            Function<String, Object> m = x -> Yield.a(x + "!");
            try {
                int v0 = n.getAsInt() + 0;
                long v1 = Yield.j(1L);
                double v2 = Yield.d(2.25);
                String v3 = s.get() + 3;
                float v4 = Yield.f(4.5f);
                boolean v5 = Yield.z(seed > 0);
                char v6 = (char) ('a' + Yield.i(6));
                short v7 = (short) Yield.i(700);
                byte v8 = (byte) Yield.i(8);
                Object v9 = m.apply("o9");
                int v10 = n.getAsInt() + 10;
                long v11 = Yield.j(11L);
                double v12 = Yield.d(12.25);
                String v13 = s.get() + 13;
                float v14 = Yield.f(14.5f);
                boolean v15 = Yield.z(seed > 0);
                char v16 = (char) ('a' + Yield.i(16));
                short v17 = (short) Yield.i(1700);
                byte v18 = (byte) Yield.i(18);
                Object v19 = m.apply("o19");
                int v20 = n.getAsInt() + 20;
                long v21 = Yield.j(21L);
                double v22 = Yield.d(22.25);
                String v23 = s.get() + 23;
                float v24 = Yield.f(24.5f);
                boolean v25 = Yield.z(seed > 0);
                char v26 = (char) ('a' + Yield.i(0));
                short v27 = (short) Yield.i(2700);
                byte v28 = (byte) Yield.i(28);
                Object v29 = m.apply("o29");
                int v30 = n.getAsInt() + 30;
                long v31 = Yield.j(31L);
                if (seed > 2) {
                    throw new IllegalStateException("" + v0 + "," + v1 + "," + v2 + "," + v3 + "," + v4 + "," + v5 + "," + v6 + "," + v7 + "," + v8 + "," + v9 + "," + v10 + "," + v11 + "," + v12 + "," + v13 + "," + v14 + "," + v15 + "," + v16 + "," + v17 + "," + v18 + "," + v19 + "," + v20 + "," + v21 + "," + v22 + "," + v23 + "," + v24 + "," + v25 + "," + v26 + "," + v27 + "," + v28 + "," + v29 + "," + v30 + "," + v31);
                }
                return "no";
            } catch (IllegalStateException x) {
                return x.getMessage() + Yield.i(seed);
            }
        }
    }

    /**
     * A rewritten method with the JVM's 255 parameter slots (127 longs and an int), all live at its
     * prologue: preempted there (every point suspending), it saves more than a save helper could take.
     */
    public static final class Params extends Program {
        @Goroutine
        @Override
        public void run() {
            result = params(0L, 1000003L, 2000006L, 3000009L, 4000012L, 5000015L, 6000018L, 7000021L, 8000024L, 9000027L, 10000030L, 11000033L, 12000036L, 13000039L, 14000042L, 15000045L, 16000048L, 17000051L, 18000054L, 19000057L, 20000060L, 21000063L, 22000066L, 23000069L, 24000072L, 25000075L, 26000078L, 27000081L, 28000084L, 29000087L, 30000090L, 31000093L, 32000096L, 33000099L, 34000102L, 35000105L, 36000108L, 37000111L, 38000114L, 39000117L, 40000120L, 41000123L, 42000126L, 43000129L, 44000132L, 45000135L, 46000138L, 47000141L, 48000144L, 49000147L, 50000150L, 51000153L, 52000156L, 53000159L, 54000162L, 55000165L, 56000168L, 57000171L, 58000174L, 59000177L, 60000180L, 61000183L, 62000186L, 63000189L, 64000192L, 65000195L, 66000198L, 67000201L, 68000204L, 69000207L, 70000210L, 71000213L, 72000216L, 73000219L, 74000222L, 75000225L, 76000228L, 77000231L, 78000234L, 79000237L, 80000240L, 81000243L, 82000246L, 83000249L, 84000252L, 85000255L, 86000258L, 87000261L, 88000264L, 89000267L, 90000270L, 91000273L, 92000276L, 93000279L, 94000282L, 95000285L, 96000288L, 97000291L, 98000294L, 99000297L, 100000300L, 101000303L, 102000306L, 103000309L, 104000312L, 105000315L, 106000318L, 107000321L, 108000324L, 109000327L, 110000330L, 111000333L, 112000336L, 113000339L, 114000342L, 115000345L, 116000348L, 117000351L, 118000354L, 119000357L, 120000360L, 121000363L, 122000366L, 123000369L, 124000372L, 125000375L, 126000378L, 7) + Yield.i(1);
        }

        @Goroutine
        static String params(long p0, long p1, long p2, long p3, long p4, long p5, long p6, long p7, long p8, long p9, long p10, long p11, long p12, long p13, long p14, long p15, long p16, long p17, long p18, long p19, long p20, long p21, long p22, long p23, long p24, long p25, long p26, long p27, long p28, long p29, long p30, long p31, long p32, long p33, long p34, long p35, long p36, long p37, long p38, long p39, long p40, long p41, long p42, long p43, long p44, long p45, long p46, long p47, long p48, long p49, long p50, long p51, long p52, long p53, long p54, long p55, long p56, long p57, long p58, long p59, long p60, long p61, long p62, long p63, long p64, long p65, long p66, long p67, long p68, long p69, long p70, long p71, long p72, long p73, long p74, long p75, long p76, long p77, long p78, long p79, long p80, long p81, long p82, long p83, long p84, long p85, long p86, long p87, long p88, long p89, long p90, long p91, long p92, long p93, long p94, long p95, long p96, long p97, long p98, long p99, long p100, long p101, long p102, long p103, long p104, long p105, long p106, long p107, long p108, long p109, long p110, long p111, long p112, long p113, long p114, long p115, long p116, long p117, long p118, long p119, long p120, long p121, long p122, long p123, long p124, long p125, long p126, int last) {
            Yield.here();
            return "" + p0 + "," + p1 + "," + p2 + "," + p3 + "," + p4 + "," + p5 + "," + p6 + "," + p7 + "," + p8 + "," + p9 + "," + p10 + "," + p11 + "," + p12 + "," + p13 + "," + p14 + "," + p15 + "," + p16 + "," + p17 + "," + p18 + "," + p19 + "," + p20 + "," + p21 + "," + p22 + "," + p23 + "," + p24 + "," + p25 + "," + p26 + "," + p27 + "," + p28 + "," + p29 + "," + p30 + "," + p31 + "," + p32 + "," + p33 + "," + p34 + "," + p35 + "," + p36 + "," + p37 + "," + p38 + "," + p39 + "," + p40 + "," + p41 + "," + p42 + "," + p43 + "," + p44 + "," + p45 + "," + p46 + "," + p47 + "," + p48 + "," + p49 + "," + p50 + "," + p51 + "," + p52 + "," + p53 + "," + p54 + "," + p55 + "," + p56 + "," + p57 + "," + p58 + "," + p59 + "," + p60 + "," + p61 + "," + p62 + "," + p63 + "," + p64 + "," + p65 + "," + p66 + "," + p67 + "," + p68 + "," + p69 + "," + p70 + "," + p71 + "," + p72 + "," + p73 + "," + p74 + "," + p75 + "," + p76 + "," + p77 + "," + p78 + "," + p79 + "," + p80 + "," + p81 + "," + p82 + "," + p83 + "," + p84 + "," + p85 + "," + p86 + "," + p87 + "," + p88 + "," + p89 + "," + p90 + "," + p91 + "," + p92 + "," + p93 + "," + p94 + "," + p95 + "," + p96 + "," + p97 + "," + p98 + "," + p99 + "," + p100 + "," + p101 + "," + p102 + "," + p103 + "," + p104 + "," + p105 + "," + p106 + "," + p107 + "," + p108 + "," + p109 + "," + p110 + "," + p111 + "," + p112 + "," + p113 + "," + p114 + "," + p115 + "," + p116 + "," + p117 + "," + p118 + "," + p119 + "," + p120 + "," + p121 + "," + p122 + "," + p123 + "," + p124 + "," + p125 + "," + p126 + "," + last;
        }
    }
}
