package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.Arrays;

/**
 * Frames wider than one save helper can take: more live values across a suspension point than the
 * 255 parameter slots of a method descriptor (a long or double takes two), so each save runs through
 * a chain of helpers. Every value is distinct and comes back in the result, so a value saved to or
 * restored from the wrong slot shows. Written out by a generator: the locals are the point.
 */
public final class WideFrames {

    private WideFrames() {
    }

    /** 126 live longs (252 slots) across one suspension point, and across a loop that polls. */
    public static final class Longs extends Program {

        @Goroutine
        @Override
        public void run() {
            result = compute(7L);
        }

        @Goroutine
        static String compute(long seed) {
            long v0 = seed + 0L, v1 = seed + 1000000007L, v2 = seed + 2000000014L, v3 = seed + 3000000021L;
            long v4 = seed + 4000000028L, v5 = seed + 5000000035L, v6 = seed + 6000000042L, v7 = seed + 7000000049L;
            long v8 = seed + 8000000056L, v9 = seed + 9000000063L, v10 = seed + 10000000070L, v11 = seed + 11000000077L;
            long v12 = seed + 12000000084L, v13 = seed + 13000000091L, v14 = seed + 14000000098L, v15 = seed + 15000000105L;
            long v16 = seed + 16000000112L, v17 = seed + 17000000119L, v18 = seed + 18000000126L, v19 = seed + 19000000133L;
            long v20 = seed + 20000000140L, v21 = seed + 21000000147L, v22 = seed + 22000000154L, v23 = seed + 23000000161L;
            long v24 = seed + 24000000168L, v25 = seed + 25000000175L, v26 = seed + 26000000182L, v27 = seed + 27000000189L;
            long v28 = seed + 28000000196L, v29 = seed + 29000000203L, v30 = seed + 30000000210L, v31 = seed + 31000000217L;
            long v32 = seed + 32000000224L, v33 = seed + 33000000231L, v34 = seed + 34000000238L, v35 = seed + 35000000245L;
            long v36 = seed + 36000000252L, v37 = seed + 37000000259L, v38 = seed + 38000000266L, v39 = seed + 39000000273L;
            long v40 = seed + 40000000280L, v41 = seed + 41000000287L, v42 = seed + 42000000294L, v43 = seed + 43000000301L;
            long v44 = seed + 44000000308L, v45 = seed + 45000000315L, v46 = seed + 46000000322L, v47 = seed + 47000000329L;
            long v48 = seed + 48000000336L, v49 = seed + 49000000343L, v50 = seed + 50000000350L, v51 = seed + 51000000357L;
            long v52 = seed + 52000000364L, v53 = seed + 53000000371L, v54 = seed + 54000000378L, v55 = seed + 55000000385L;
            long v56 = seed + 56000000392L, v57 = seed + 57000000399L, v58 = seed + 58000000406L, v59 = seed + 59000000413L;
            long v60 = seed + 60000000420L, v61 = seed + 61000000427L, v62 = seed + 62000000434L, v63 = seed + 63000000441L;
            long v64 = seed + 64000000448L, v65 = seed + 65000000455L, v66 = seed + 66000000462L, v67 = seed + 67000000469L;
            long v68 = seed + 68000000476L, v69 = seed + 69000000483L, v70 = seed + 70000000490L, v71 = seed + 71000000497L;
            long v72 = seed + 72000000504L, v73 = seed + 73000000511L, v74 = seed + 74000000518L, v75 = seed + 75000000525L;
            long v76 = seed + 76000000532L, v77 = seed + 77000000539L, v78 = seed + 78000000546L, v79 = seed + 79000000553L;
            long v80 = seed + 80000000560L, v81 = seed + 81000000567L, v82 = seed + 82000000574L, v83 = seed + 83000000581L;
            long v84 = seed + 84000000588L, v85 = seed + 85000000595L, v86 = seed + 86000000602L, v87 = seed + 87000000609L;
            long v88 = seed + 88000000616L, v89 = seed + 89000000623L, v90 = seed + 90000000630L, v91 = seed + 91000000637L;
            long v92 = seed + 92000000644L, v93 = seed + 93000000651L, v94 = seed + 94000000658L, v95 = seed + 95000000665L;
            long v96 = seed + 96000000672L, v97 = seed + 97000000679L, v98 = seed + 98000000686L, v99 = seed + 99000000693L;
            long v100 = seed + 100000000700L, v101 = seed + 101000000707L, v102 = seed + 102000000714L, v103 = seed + 103000000721L;
            long v104 = seed + 104000000728L, v105 = seed + 105000000735L, v106 = seed + 106000000742L, v107 = seed + 107000000749L;
            long v108 = seed + 108000000756L, v109 = seed + 109000000763L, v110 = seed + 110000000770L, v111 = seed + 111000000777L;
            long v112 = seed + 112000000784L, v113 = seed + 113000000791L, v114 = seed + 114000000798L, v115 = seed + 115000000805L;
            long v116 = seed + 116000000812L, v117 = seed + 117000000819L, v118 = seed + 118000000826L, v119 = seed + 119000000833L;
            long v120 = seed + 120000000840L, v121 = seed + 121000000847L, v122 = seed + 122000000854L, v123 = seed + 123000000861L;
            long v124 = seed + 124000000868L, v125 = seed + 125000000875L;
            Yield.here();
            for (int i = 0; i < 2; i++) { // 126 longs and i live at the loop head
                v0 += Yield.j(i);
            }
            return Arrays.toString(new long[] {
                    v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11,
                    v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23,
                    v24, v25, v26, v27, v28, v29, v30, v31, v32, v33, v34, v35,
                    v36, v37, v38, v39, v40, v41, v42, v43, v44, v45, v46, v47,
                    v48, v49, v50, v51, v52, v53, v54, v55, v56, v57, v58, v59,
                    v60, v61, v62, v63, v64, v65, v66, v67, v68, v69, v70, v71,
                    v72, v73, v74, v75, v76, v77, v78, v79, v80, v81, v82, v83,
                    v84, v85, v86, v87, v88, v89, v90, v91, v92, v93, v94, v95,
                    v96, v97, v98, v99, v100, v101, v102, v103, v104, v105, v106, v107,
                    v108, v109, v110, v111, v112, v113, v114, v115, v116, v117, v118, v119,
                    v120, v121, v122, v123, v124, v125});
        }
    }

    /** 300 live ints across one suspension point. */
    public static final class Ints extends Program {

        @Goroutine
        @Override
        public void run() {
            result = compute(11);
        }

        @Goroutine
        static String compute(int seed) {
            int n0 = seed + 0, n1 = seed + 7919, n2 = seed + 15838, n3 = seed + 23757, n4 = seed + 31676;
            int n5 = seed + 39595, n6 = seed + 47514, n7 = seed + 55433, n8 = seed + 63352, n9 = seed + 71271;
            int n10 = seed + 79190, n11 = seed + 87109, n12 = seed + 95028, n13 = seed + 102947, n14 = seed + 110866;
            int n15 = seed + 118785, n16 = seed + 126704, n17 = seed + 134623, n18 = seed + 142542, n19 = seed + 150461;
            int n20 = seed + 158380, n21 = seed + 166299, n22 = seed + 174218, n23 = seed + 182137, n24 = seed + 190056;
            int n25 = seed + 197975, n26 = seed + 205894, n27 = seed + 213813, n28 = seed + 221732, n29 = seed + 229651;
            int n30 = seed + 237570, n31 = seed + 245489, n32 = seed + 253408, n33 = seed + 261327, n34 = seed + 269246;
            int n35 = seed + 277165, n36 = seed + 285084, n37 = seed + 293003, n38 = seed + 300922, n39 = seed + 308841;
            int n40 = seed + 316760, n41 = seed + 324679, n42 = seed + 332598, n43 = seed + 340517, n44 = seed + 348436;
            int n45 = seed + 356355, n46 = seed + 364274, n47 = seed + 372193, n48 = seed + 380112, n49 = seed + 388031;
            int n50 = seed + 395950, n51 = seed + 403869, n52 = seed + 411788, n53 = seed + 419707, n54 = seed + 427626;
            int n55 = seed + 435545, n56 = seed + 443464, n57 = seed + 451383, n58 = seed + 459302, n59 = seed + 467221;
            int n60 = seed + 475140, n61 = seed + 483059, n62 = seed + 490978, n63 = seed + 498897, n64 = seed + 506816;
            int n65 = seed + 514735, n66 = seed + 522654, n67 = seed + 530573, n68 = seed + 538492, n69 = seed + 546411;
            int n70 = seed + 554330, n71 = seed + 562249, n72 = seed + 570168, n73 = seed + 578087, n74 = seed + 586006;
            int n75 = seed + 593925, n76 = seed + 601844, n77 = seed + 609763, n78 = seed + 617682, n79 = seed + 625601;
            int n80 = seed + 633520, n81 = seed + 641439, n82 = seed + 649358, n83 = seed + 657277, n84 = seed + 665196;
            int n85 = seed + 673115, n86 = seed + 681034, n87 = seed + 688953, n88 = seed + 696872, n89 = seed + 704791;
            int n90 = seed + 712710, n91 = seed + 720629, n92 = seed + 728548, n93 = seed + 736467, n94 = seed + 744386;
            int n95 = seed + 752305, n96 = seed + 760224, n97 = seed + 768143, n98 = seed + 776062, n99 = seed + 783981;
            int n100 = seed + 791900, n101 = seed + 799819, n102 = seed + 807738, n103 = seed + 815657, n104 = seed + 823576;
            int n105 = seed + 831495, n106 = seed + 839414, n107 = seed + 847333, n108 = seed + 855252, n109 = seed + 863171;
            int n110 = seed + 871090, n111 = seed + 879009, n112 = seed + 886928, n113 = seed + 894847, n114 = seed + 902766;
            int n115 = seed + 910685, n116 = seed + 918604, n117 = seed + 926523, n118 = seed + 934442, n119 = seed + 942361;
            int n120 = seed + 950280, n121 = seed + 958199, n122 = seed + 966118, n123 = seed + 974037, n124 = seed + 981956;
            int n125 = seed + 989875, n126 = seed + 997794, n127 = seed + 1005713, n128 = seed + 1013632, n129 = seed + 1021551;
            int n130 = seed + 1029470, n131 = seed + 1037389, n132 = seed + 1045308, n133 = seed + 1053227, n134 = seed + 1061146;
            int n135 = seed + 1069065, n136 = seed + 1076984, n137 = seed + 1084903, n138 = seed + 1092822, n139 = seed + 1100741;
            int n140 = seed + 1108660, n141 = seed + 1116579, n142 = seed + 1124498, n143 = seed + 1132417, n144 = seed + 1140336;
            int n145 = seed + 1148255, n146 = seed + 1156174, n147 = seed + 1164093, n148 = seed + 1172012, n149 = seed + 1179931;
            int n150 = seed + 1187850, n151 = seed + 1195769, n152 = seed + 1203688, n153 = seed + 1211607, n154 = seed + 1219526;
            int n155 = seed + 1227445, n156 = seed + 1235364, n157 = seed + 1243283, n158 = seed + 1251202, n159 = seed + 1259121;
            int n160 = seed + 1267040, n161 = seed + 1274959, n162 = seed + 1282878, n163 = seed + 1290797, n164 = seed + 1298716;
            int n165 = seed + 1306635, n166 = seed + 1314554, n167 = seed + 1322473, n168 = seed + 1330392, n169 = seed + 1338311;
            int n170 = seed + 1346230, n171 = seed + 1354149, n172 = seed + 1362068, n173 = seed + 1369987, n174 = seed + 1377906;
            int n175 = seed + 1385825, n176 = seed + 1393744, n177 = seed + 1401663, n178 = seed + 1409582, n179 = seed + 1417501;
            int n180 = seed + 1425420, n181 = seed + 1433339, n182 = seed + 1441258, n183 = seed + 1449177, n184 = seed + 1457096;
            int n185 = seed + 1465015, n186 = seed + 1472934, n187 = seed + 1480853, n188 = seed + 1488772, n189 = seed + 1496691;
            int n190 = seed + 1504610, n191 = seed + 1512529, n192 = seed + 1520448, n193 = seed + 1528367, n194 = seed + 1536286;
            int n195 = seed + 1544205, n196 = seed + 1552124, n197 = seed + 1560043, n198 = seed + 1567962, n199 = seed + 1575881;
            int n200 = seed + 1583800, n201 = seed + 1591719, n202 = seed + 1599638, n203 = seed + 1607557, n204 = seed + 1615476;
            int n205 = seed + 1623395, n206 = seed + 1631314, n207 = seed + 1639233, n208 = seed + 1647152, n209 = seed + 1655071;
            int n210 = seed + 1662990, n211 = seed + 1670909, n212 = seed + 1678828, n213 = seed + 1686747, n214 = seed + 1694666;
            int n215 = seed + 1702585, n216 = seed + 1710504, n217 = seed + 1718423, n218 = seed + 1726342, n219 = seed + 1734261;
            int n220 = seed + 1742180, n221 = seed + 1750099, n222 = seed + 1758018, n223 = seed + 1765937, n224 = seed + 1773856;
            int n225 = seed + 1781775, n226 = seed + 1789694, n227 = seed + 1797613, n228 = seed + 1805532, n229 = seed + 1813451;
            int n230 = seed + 1821370, n231 = seed + 1829289, n232 = seed + 1837208, n233 = seed + 1845127, n234 = seed + 1853046;
            int n235 = seed + 1860965, n236 = seed + 1868884, n237 = seed + 1876803, n238 = seed + 1884722, n239 = seed + 1892641;
            int n240 = seed + 1900560, n241 = seed + 1908479, n242 = seed + 1916398, n243 = seed + 1924317, n244 = seed + 1932236;
            int n245 = seed + 1940155, n246 = seed + 1948074, n247 = seed + 1955993, n248 = seed + 1963912, n249 = seed + 1971831;
            int n250 = seed + 1979750, n251 = seed + 1987669, n252 = seed + 1995588, n253 = seed + 2003507, n254 = seed + 2011426;
            int n255 = seed + 2019345, n256 = seed + 2027264, n257 = seed + 2035183, n258 = seed + 2043102, n259 = seed + 2051021;
            int n260 = seed + 2058940, n261 = seed + 2066859, n262 = seed + 2074778, n263 = seed + 2082697, n264 = seed + 2090616;
            int n265 = seed + 2098535, n266 = seed + 2106454, n267 = seed + 2114373, n268 = seed + 2122292, n269 = seed + 2130211;
            int n270 = seed + 2138130, n271 = seed + 2146049, n272 = seed + 2153968, n273 = seed + 2161887, n274 = seed + 2169806;
            int n275 = seed + 2177725, n276 = seed + 2185644, n277 = seed + 2193563, n278 = seed + 2201482, n279 = seed + 2209401;
            int n280 = seed + 2217320, n281 = seed + 2225239, n282 = seed + 2233158, n283 = seed + 2241077, n284 = seed + 2248996;
            int n285 = seed + 2256915, n286 = seed + 2264834, n287 = seed + 2272753, n288 = seed + 2280672, n289 = seed + 2288591;
            int n290 = seed + 2296510, n291 = seed + 2304429, n292 = seed + 2312348, n293 = seed + 2320267, n294 = seed + 2328186;
            int n295 = seed + 2336105, n296 = seed + 2344024, n297 = seed + 2351943, n298 = seed + 2359862, n299 = seed + 2367781;
            Yield.here();
            return Arrays.toString(new int[] {
                    n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11,
                    n12, n13, n14, n15, n16, n17, n18, n19, n20, n21, n22, n23,
                    n24, n25, n26, n27, n28, n29, n30, n31, n32, n33, n34, n35,
                    n36, n37, n38, n39, n40, n41, n42, n43, n44, n45, n46, n47,
                    n48, n49, n50, n51, n52, n53, n54, n55, n56, n57, n58, n59,
                    n60, n61, n62, n63, n64, n65, n66, n67, n68, n69, n70, n71,
                    n72, n73, n74, n75, n76, n77, n78, n79, n80, n81, n82, n83,
                    n84, n85, n86, n87, n88, n89, n90, n91, n92, n93, n94, n95,
                    n96, n97, n98, n99, n100, n101, n102, n103, n104, n105, n106, n107,
                    n108, n109, n110, n111, n112, n113, n114, n115, n116, n117, n118, n119,
                    n120, n121, n122, n123, n124, n125, n126, n127, n128, n129, n130, n131,
                    n132, n133, n134, n135, n136, n137, n138, n139, n140, n141, n142, n143,
                    n144, n145, n146, n147, n148, n149, n150, n151, n152, n153, n154, n155,
                    n156, n157, n158, n159, n160, n161, n162, n163, n164, n165, n166, n167,
                    n168, n169, n170, n171, n172, n173, n174, n175, n176, n177, n178, n179,
                    n180, n181, n182, n183, n184, n185, n186, n187, n188, n189, n190, n191,
                    n192, n193, n194, n195, n196, n197, n198, n199, n200, n201, n202, n203,
                    n204, n205, n206, n207, n208, n209, n210, n211, n212, n213, n214, n215,
                    n216, n217, n218, n219, n220, n221, n222, n223, n224, n225, n226, n227,
                    n228, n229, n230, n231, n232, n233, n234, n235, n236, n237, n238, n239,
                    n240, n241, n242, n243, n244, n245, n246, n247, n248, n249, n250, n251,
                    n252, n253, n254, n255, n256, n257, n258, n259, n260, n261, n262, n263,
                    n264, n265, n266, n267, n268, n269, n270, n271, n272, n273, n274, n275,
                    n276, n277, n278, n279, n280, n281, n282, n283, n284, n285, n286, n287,
                    n288, n289, n290, n291, n292, n293, n294, n295, n296, n297, n298, n299});
        }
    }

    /** Longs, doubles, references, ints and floats: 280 slots. */
    public static final class Mixed extends Program {

        @Goroutine
        @Override
        public void run() {
            result = compute(3);
        }

        @Goroutine
        static String compute(int seed) {
            long j0 = seed * 3L + 0L; double d0 = seed * 0.5;
            String s0 = "s" + (seed + 0); int i0 = seed + 0; float f0 = seed + 0.25f;
            long j1 = seed * 4L + 10000019L; double d1 = seed * 1.5;
            String s1 = "s" + (seed + 1); int i1 = seed + 31; float f1 = seed + 1.25f;
            long j2 = seed * 5L + 20000038L; double d2 = seed * 2.5;
            String s2 = "s" + (seed + 2); int i2 = seed + 62; float f2 = seed + 2.25f;
            long j3 = seed * 6L + 30000057L; double d3 = seed * 3.5;
            String s3 = "s" + (seed + 3); int i3 = seed + 93; float f3 = seed + 3.25f;
            long j4 = seed * 7L + 40000076L; double d4 = seed * 4.5;
            String s4 = "s" + (seed + 4); int i4 = seed + 124; float f4 = seed + 4.25f;
            long j5 = seed * 8L + 50000095L; double d5 = seed * 5.5;
            String s5 = "s" + (seed + 5); int i5 = seed + 155; float f5 = seed + 5.25f;
            long j6 = seed * 9L + 60000114L; double d6 = seed * 6.5;
            String s6 = "s" + (seed + 6); int i6 = seed + 186; float f6 = seed + 6.25f;
            long j7 = seed * 10L + 70000133L; double d7 = seed * 7.5;
            String s7 = "s" + (seed + 7); int i7 = seed + 217; float f7 = seed + 7.25f;
            long j8 = seed * 11L + 80000152L; double d8 = seed * 8.5;
            String s8 = "s" + (seed + 8); int i8 = seed + 248; float f8 = seed + 8.25f;
            long j9 = seed * 12L + 90000171L; double d9 = seed * 9.5;
            String s9 = "s" + (seed + 9); int i9 = seed + 279; float f9 = seed + 9.25f;
            long j10 = seed * 13L + 100000190L; double d10 = seed * 10.5;
            String s10 = "s" + (seed + 10); int i10 = seed + 310; float f10 = seed + 10.25f;
            long j11 = seed * 14L + 110000209L; double d11 = seed * 11.5;
            String s11 = "s" + (seed + 11); int i11 = seed + 341; float f11 = seed + 11.25f;
            long j12 = seed * 15L + 120000228L; double d12 = seed * 12.5;
            String s12 = "s" + (seed + 12); int i12 = seed + 372; float f12 = seed + 12.25f;
            long j13 = seed * 16L + 130000247L; double d13 = seed * 13.5;
            String s13 = "s" + (seed + 13); int i13 = seed + 403; float f13 = seed + 13.25f;
            long j14 = seed * 17L + 140000266L; double d14 = seed * 14.5;
            String s14 = "s" + (seed + 14); int i14 = seed + 434; float f14 = seed + 14.25f;
            long j15 = seed * 18L + 150000285L; double d15 = seed * 15.5;
            String s15 = "s" + (seed + 15); int i15 = seed + 465; float f15 = seed + 15.25f;
            long j16 = seed * 19L + 160000304L; double d16 = seed * 16.5;
            String s16 = "s" + (seed + 16); int i16 = seed + 496; float f16 = seed + 16.25f;
            long j17 = seed * 20L + 170000323L; double d17 = seed * 17.5;
            String s17 = "s" + (seed + 17); int i17 = seed + 527; float f17 = seed + 17.25f;
            long j18 = seed * 21L + 180000342L; double d18 = seed * 18.5;
            String s18 = "s" + (seed + 18); int i18 = seed + 558; float f18 = seed + 18.25f;
            long j19 = seed * 22L + 190000361L; double d19 = seed * 19.5;
            String s19 = "s" + (seed + 19); int i19 = seed + 589; float f19 = seed + 19.25f;
            long j20 = seed * 23L + 200000380L; double d20 = seed * 20.5;
            String s20 = "s" + (seed + 20); int i20 = seed + 620; float f20 = seed + 20.25f;
            long j21 = seed * 24L + 210000399L; double d21 = seed * 21.5;
            String s21 = "s" + (seed + 21); int i21 = seed + 651; float f21 = seed + 21.25f;
            long j22 = seed * 25L + 220000418L; double d22 = seed * 22.5;
            String s22 = "s" + (seed + 22); int i22 = seed + 682; float f22 = seed + 22.25f;
            long j23 = seed * 26L + 230000437L; double d23 = seed * 23.5;
            String s23 = "s" + (seed + 23); int i23 = seed + 713; float f23 = seed + 23.25f;
            long j24 = seed * 27L + 240000456L; double d24 = seed * 24.5;
            String s24 = "s" + (seed + 24); int i24 = seed + 744; float f24 = seed + 24.25f;
            long j25 = seed * 28L + 250000475L; double d25 = seed * 25.5;
            String s25 = "s" + (seed + 25); int i25 = seed + 775; float f25 = seed + 25.25f;
            long j26 = seed * 29L + 260000494L; double d26 = seed * 26.5;
            String s26 = "s" + (seed + 26); int i26 = seed + 806; float f26 = seed + 26.25f;
            long j27 = seed * 30L + 270000513L; double d27 = seed * 27.5;
            String s27 = "s" + (seed + 27); int i27 = seed + 837; float f27 = seed + 27.25f;
            long j28 = seed * 31L + 280000532L; double d28 = seed * 28.5;
            String s28 = "s" + (seed + 28); int i28 = seed + 868; float f28 = seed + 28.25f;
            long j29 = seed * 32L + 290000551L; double d29 = seed * 29.5;
            String s29 = "s" + (seed + 29); int i29 = seed + 899; float f29 = seed + 29.25f;
            long j30 = seed * 33L + 300000570L; double d30 = seed * 30.5;
            String s30 = "s" + (seed + 30); int i30 = seed + 930; float f30 = seed + 30.25f;
            long j31 = seed * 34L + 310000589L; double d31 = seed * 31.5;
            String s31 = "s" + (seed + 31); int i31 = seed + 961; float f31 = seed + 31.25f;
            long j32 = seed * 35L + 320000608L; double d32 = seed * 32.5;
            String s32 = "s" + (seed + 32); int i32 = seed + 992; float f32 = seed + 32.25f;
            long j33 = seed * 36L + 330000627L; double d33 = seed * 33.5;
            String s33 = "s" + (seed + 33); int i33 = seed + 1023; float f33 = seed + 33.25f;
            long j34 = seed * 37L + 340000646L; double d34 = seed * 34.5;
            String s34 = "s" + (seed + 34); int i34 = seed + 1054; float f34 = seed + 34.25f;
            long j35 = seed * 38L + 350000665L; double d35 = seed * 35.5;
            String s35 = "s" + (seed + 35); int i35 = seed + 1085; float f35 = seed + 35.25f;
            long j36 = seed * 39L + 360000684L; double d36 = seed * 36.5;
            String s36 = "s" + (seed + 36); int i36 = seed + 1116; float f36 = seed + 36.25f;
            long j37 = seed * 40L + 370000703L; double d37 = seed * 37.5;
            String s37 = "s" + (seed + 37); int i37 = seed + 1147; float f37 = seed + 37.25f;
            long j38 = seed * 41L + 380000722L; double d38 = seed * 38.5;
            String s38 = "s" + (seed + 38); int i38 = seed + 1178; float f38 = seed + 38.25f;
            long j39 = seed * 42L + 390000741L; double d39 = seed * 39.5;
            String s39 = "s" + (seed + 39); int i39 = seed + 1209; float f39 = seed + 39.25f;
            long j40 = seed * 99L; double d40 = seed * 0.125;
            Yield.here();
            return Arrays.toString(new Object[] {
                    j0, d0, s0, i0, f0, j1, d1, s1, i1, f1, j2, d2,
                    s2, i2, f2, j3, d3, s3, i3, f3, j4, d4, s4, i4,
                    f4, j5, d5, s5, i5, f5, j6, d6, s6, i6, f6, j7,
                    d7, s7, i7, f7, j8, d8, s8, i8, f8, j9, d9, s9,
                    i9, f9, j10, d10, s10, i10, f10, j11, d11, s11, i11, f11,
                    j12, d12, s12, i12, f12, j13, d13, s13, i13, f13, j14, d14,
                    s14, i14, f14, j15, d15, s15, i15, f15, j16, d16, s16, i16,
                    f16, j17, d17, s17, i17, f17, j18, d18, s18, i18, f18, j19,
                    d19, s19, i19, f19, j20, d20, s20, i20, f20, j21, d21, s21,
                    i21, f21, j22, d22, s22, i22, f22, j23, d23, s23, i23, f23,
                    j24, d24, s24, i24, f24, j25, d25, s25, i25, f25, j26, d26,
                    s26, i26, f26, j27, d27, s27, i27, f27, j28, d28, s28, i28,
                    f28, j29, d29, s29, i29, f29, j30, d30, s30, i30, f30, j31,
                    d31, s31, i31, f31, j32, d32, s32, i32, f32, j33, d33, s33,
                    i33, f33, j34, d34, s34, i34, f34, j35, d35, s35, i35, f35,
                    j36, d36, s36, i36, f36, j37, d37, s37, i37, f37, j38, d38,
                    s38, i38, f38, j39, d39, s39, i39, f39, j40, d40});
        }
    }

    /** An instance method: its receiver is saved too (it can be re-entered alone), and 126 live longs. */
    public static final class Instance extends Program {

        private final long base = 1_000_000_000_000L;

        @Goroutine
        @Override
        public void run() {
            result = compute(5L);
        }

        @Goroutine
        String compute(long seed) {
            long v0 = seed + 0L, v1 = seed + 1000000007L, v2 = seed + 2000000014L, v3 = seed + 3000000021L;
            long v4 = seed + 4000000028L, v5 = seed + 5000000035L, v6 = seed + 6000000042L, v7 = seed + 7000000049L;
            long v8 = seed + 8000000056L, v9 = seed + 9000000063L, v10 = seed + 10000000070L, v11 = seed + 11000000077L;
            long v12 = seed + 12000000084L, v13 = seed + 13000000091L, v14 = seed + 14000000098L, v15 = seed + 15000000105L;
            long v16 = seed + 16000000112L, v17 = seed + 17000000119L, v18 = seed + 18000000126L, v19 = seed + 19000000133L;
            long v20 = seed + 20000000140L, v21 = seed + 21000000147L, v22 = seed + 22000000154L, v23 = seed + 23000000161L;
            long v24 = seed + 24000000168L, v25 = seed + 25000000175L, v26 = seed + 26000000182L, v27 = seed + 27000000189L;
            long v28 = seed + 28000000196L, v29 = seed + 29000000203L, v30 = seed + 30000000210L, v31 = seed + 31000000217L;
            long v32 = seed + 32000000224L, v33 = seed + 33000000231L, v34 = seed + 34000000238L, v35 = seed + 35000000245L;
            long v36 = seed + 36000000252L, v37 = seed + 37000000259L, v38 = seed + 38000000266L, v39 = seed + 39000000273L;
            long v40 = seed + 40000000280L, v41 = seed + 41000000287L, v42 = seed + 42000000294L, v43 = seed + 43000000301L;
            long v44 = seed + 44000000308L, v45 = seed + 45000000315L, v46 = seed + 46000000322L, v47 = seed + 47000000329L;
            long v48 = seed + 48000000336L, v49 = seed + 49000000343L, v50 = seed + 50000000350L, v51 = seed + 51000000357L;
            long v52 = seed + 52000000364L, v53 = seed + 53000000371L, v54 = seed + 54000000378L, v55 = seed + 55000000385L;
            long v56 = seed + 56000000392L, v57 = seed + 57000000399L, v58 = seed + 58000000406L, v59 = seed + 59000000413L;
            long v60 = seed + 60000000420L, v61 = seed + 61000000427L, v62 = seed + 62000000434L, v63 = seed + 63000000441L;
            long v64 = seed + 64000000448L, v65 = seed + 65000000455L, v66 = seed + 66000000462L, v67 = seed + 67000000469L;
            long v68 = seed + 68000000476L, v69 = seed + 69000000483L, v70 = seed + 70000000490L, v71 = seed + 71000000497L;
            long v72 = seed + 72000000504L, v73 = seed + 73000000511L, v74 = seed + 74000000518L, v75 = seed + 75000000525L;
            long v76 = seed + 76000000532L, v77 = seed + 77000000539L, v78 = seed + 78000000546L, v79 = seed + 79000000553L;
            long v80 = seed + 80000000560L, v81 = seed + 81000000567L, v82 = seed + 82000000574L, v83 = seed + 83000000581L;
            long v84 = seed + 84000000588L, v85 = seed + 85000000595L, v86 = seed + 86000000602L, v87 = seed + 87000000609L;
            long v88 = seed + 88000000616L, v89 = seed + 89000000623L, v90 = seed + 90000000630L, v91 = seed + 91000000637L;
            long v92 = seed + 92000000644L, v93 = seed + 93000000651L, v94 = seed + 94000000658L, v95 = seed + 95000000665L;
            long v96 = seed + 96000000672L, v97 = seed + 97000000679L, v98 = seed + 98000000686L, v99 = seed + 99000000693L;
            long v100 = seed + 100000000700L, v101 = seed + 101000000707L, v102 = seed + 102000000714L, v103 = seed + 103000000721L;
            long v104 = seed + 104000000728L, v105 = seed + 105000000735L, v106 = seed + 106000000742L, v107 = seed + 107000000749L;
            long v108 = seed + 108000000756L, v109 = seed + 109000000763L, v110 = seed + 110000000770L, v111 = seed + 111000000777L;
            long v112 = seed + 112000000784L, v113 = seed + 113000000791L, v114 = seed + 114000000798L, v115 = seed + 115000000805L;
            long v116 = seed + 116000000812L, v117 = seed + 117000000819L, v118 = seed + 118000000826L, v119 = seed + 119000000833L;
            long v120 = seed + 120000000840L, v121 = seed + 121000000847L, v122 = seed + 122000000854L, v123 = seed + 123000000861L;
            long v124 = seed + 124000000868L, v125 = seed + 125000000875L;
            Yield.here();
            return base + Arrays.toString(new long[] {
                    v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11,
                    v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23,
                    v24, v25, v26, v27, v28, v29, v30, v31, v32, v33, v34, v35,
                    v36, v37, v38, v39, v40, v41, v42, v43, v44, v45, v46, v47,
                    v48, v49, v50, v51, v52, v53, v54, v55, v56, v57, v58, v59,
                    v60, v61, v62, v63, v64, v65, v66, v67, v68, v69, v70, v71,
                    v72, v73, v74, v75, v76, v77, v78, v79, v80, v81, v82, v83,
                    v84, v85, v86, v87, v88, v89, v90, v91, v92, v93, v94, v95,
                    v96, v97, v98, v99, v100, v101, v102, v103, v104, v105, v106, v107,
                    v108, v109, v110, v111, v112, v113, v114, v115, v116, v117, v118, v119,
                    v120, v121, v122, v123, v124, v125});
        }
    }

    /** 126 long parameters (252 slots: legal, but the prologue's save of them is wider than a helper) and more locals. */
    public static final class ManyParameters extends Program {

        @Goroutine
        @Override
        public void run() {
            result = compute(
                    17L, 1000020L, 2000023L, 3000026L, 4000029L, 5000032L, 6000035L, 7000038L, 8000041L, 9000044L, 10000047L, 11000050L,
                    12000053L, 13000056L, 14000059L, 15000062L, 16000065L, 17000068L, 18000071L, 19000074L, 20000077L, 21000080L, 22000083L, 23000086L,
                    24000089L, 25000092L, 26000095L, 27000098L, 28000101L, 29000104L, 30000107L, 31000110L, 32000113L, 33000116L, 34000119L, 35000122L,
                    36000125L, 37000128L, 38000131L, 39000134L, 40000137L, 41000140L, 42000143L, 43000146L, 44000149L, 45000152L, 46000155L, 47000158L,
                    48000161L, 49000164L, 50000167L, 51000170L, 52000173L, 53000176L, 54000179L, 55000182L, 56000185L, 57000188L, 58000191L, 59000194L,
                    60000197L, 61000200L, 62000203L, 63000206L, 64000209L, 65000212L, 66000215L, 67000218L, 68000221L, 69000224L, 70000227L, 71000230L,
                    72000233L, 73000236L, 74000239L, 75000242L, 76000245L, 77000248L, 78000251L, 79000254L, 80000257L, 81000260L, 82000263L, 83000266L,
                    84000269L, 85000272L, 86000275L, 87000278L, 88000281L, 89000284L, 90000287L, 91000290L, 92000293L, 93000296L, 94000299L, 95000302L,
                    96000305L, 97000308L, 98000311L, 99000314L, 100000317L, 101000320L, 102000323L, 103000326L, 104000329L, 105000332L, 106000335L, 107000338L,
                    108000341L, 109000344L, 110000347L, 111000350L, 112000353L, 113000356L, 114000359L, 115000362L, 116000365L, 117000368L, 118000371L, 119000374L,
                    120000377L, 121000380L, 122000383L, 123000386L, 124000389L, 125000392L);
        }

        @Goroutine
        static String compute(
                long p0, long p1, long p2, long p3, long p4, long p5, long p6, long p7, long p8, long p9,
                long p10, long p11, long p12, long p13, long p14, long p15, long p16, long p17, long p18, long p19,
                long p20, long p21, long p22, long p23, long p24, long p25, long p26, long p27, long p28, long p29,
                long p30, long p31, long p32, long p33, long p34, long p35, long p36, long p37, long p38, long p39,
                long p40, long p41, long p42, long p43, long p44, long p45, long p46, long p47, long p48, long p49,
                long p50, long p51, long p52, long p53, long p54, long p55, long p56, long p57, long p58, long p59,
                long p60, long p61, long p62, long p63, long p64, long p65, long p66, long p67, long p68, long p69,
                long p70, long p71, long p72, long p73, long p74, long p75, long p76, long p77, long p78, long p79,
                long p80, long p81, long p82, long p83, long p84, long p85, long p86, long p87, long p88, long p89,
                long p90, long p91, long p92, long p93, long p94, long p95, long p96, long p97, long p98, long p99,
                long p100, long p101, long p102, long p103, long p104, long p105, long p106, long p107, long p108, long p109,
                long p110, long p111, long p112, long p113, long p114, long p115, long p116, long p117, long p118, long p119,
                long p120, long p121, long p122, long p123, long p124, long p125) {
            long e0 = p0 * 3 + p125, e1 = p1 * 3 + p124, e2 = p2 * 3 + p123, e3 = p3 * 3 + p122;
            long e4 = p4 * 3 + p121, e5 = p5 * 3 + p120, e6 = p6 * 3 + p119, e7 = p7 * 3 + p118;
            long e8 = p8 * 3 + p117, e9 = p9 * 3 + p116, e10 = p10 * 3 + p115, e11 = p11 * 3 + p114;
            long e12 = p12 * 3 + p113, e13 = p13 * 3 + p112, e14 = p14 * 3 + p111, e15 = p15 * 3 + p110;
            long e16 = p16 * 3 + p109, e17 = p17 * 3 + p108, e18 = p18 * 3 + p107, e19 = p19 * 3 + p106;
            Yield.here();
            return Arrays.toString(new long[] {
                    p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11,
                    p12, p13, p14, p15, p16, p17, p18, p19, p20, p21, p22, p23,
                    p24, p25, p26, p27, p28, p29, p30, p31, p32, p33, p34, p35,
                    p36, p37, p38, p39, p40, p41, p42, p43, p44, p45, p46, p47,
                    p48, p49, p50, p51, p52, p53, p54, p55, p56, p57, p58, p59,
                    p60, p61, p62, p63, p64, p65, p66, p67, p68, p69, p70, p71,
                    p72, p73, p74, p75, p76, p77, p78, p79, p80, p81, p82, p83,
                    p84, p85, p86, p87, p88, p89, p90, p91, p92, p93, p94, p95,
                    p96, p97, p98, p99, p100, p101, p102, p103, p104, p105, p106, p107,
                    p108, p109, p110, p111, p112, p113, p114, p115, p116, p117, p118, p119,
                    p120, p121, p122, p123, p124, p125,
                    e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11,
                    e12, e13, e14, e15, e16, e17, e18, e19});
        }
    }

    /** 99 longs on the operand stack under a suspending call, and 126 live longs in locals. */
    public static final class StackValues extends Program {

        @Goroutine
        @Override
        public void run() {
            result = compute(13L);
        }

        @Goroutine
        static String compute(long seed) {
            long v0 = seed + 0L, v1 = seed + 1000000007L, v2 = seed + 2000000014L, v3 = seed + 3000000021L;
            long v4 = seed + 4000000028L, v5 = seed + 5000000035L, v6 = seed + 6000000042L, v7 = seed + 7000000049L;
            long v8 = seed + 8000000056L, v9 = seed + 9000000063L, v10 = seed + 10000000070L, v11 = seed + 11000000077L;
            long v12 = seed + 12000000084L, v13 = seed + 13000000091L, v14 = seed + 14000000098L, v15 = seed + 15000000105L;
            long v16 = seed + 16000000112L, v17 = seed + 17000000119L, v18 = seed + 18000000126L, v19 = seed + 19000000133L;
            long v20 = seed + 20000000140L, v21 = seed + 21000000147L, v22 = seed + 22000000154L, v23 = seed + 23000000161L;
            long v24 = seed + 24000000168L, v25 = seed + 25000000175L, v26 = seed + 26000000182L, v27 = seed + 27000000189L;
            long v28 = seed + 28000000196L, v29 = seed + 29000000203L, v30 = seed + 30000000210L, v31 = seed + 31000000217L;
            long v32 = seed + 32000000224L, v33 = seed + 33000000231L, v34 = seed + 34000000238L, v35 = seed + 35000000245L;
            long v36 = seed + 36000000252L, v37 = seed + 37000000259L, v38 = seed + 38000000266L, v39 = seed + 39000000273L;
            long v40 = seed + 40000000280L, v41 = seed + 41000000287L, v42 = seed + 42000000294L, v43 = seed + 43000000301L;
            long v44 = seed + 44000000308L, v45 = seed + 45000000315L, v46 = seed + 46000000322L, v47 = seed + 47000000329L;
            long v48 = seed + 48000000336L, v49 = seed + 49000000343L, v50 = seed + 50000000350L, v51 = seed + 51000000357L;
            long v52 = seed + 52000000364L, v53 = seed + 53000000371L, v54 = seed + 54000000378L, v55 = seed + 55000000385L;
            long v56 = seed + 56000000392L, v57 = seed + 57000000399L, v58 = seed + 58000000406L, v59 = seed + 59000000413L;
            long v60 = seed + 60000000420L, v61 = seed + 61000000427L, v62 = seed + 62000000434L, v63 = seed + 63000000441L;
            long v64 = seed + 64000000448L, v65 = seed + 65000000455L, v66 = seed + 66000000462L, v67 = seed + 67000000469L;
            long v68 = seed + 68000000476L, v69 = seed + 69000000483L, v70 = seed + 70000000490L, v71 = seed + 71000000497L;
            long v72 = seed + 72000000504L, v73 = seed + 73000000511L, v74 = seed + 74000000518L, v75 = seed + 75000000525L;
            long v76 = seed + 76000000532L, v77 = seed + 77000000539L, v78 = seed + 78000000546L, v79 = seed + 79000000553L;
            long v80 = seed + 80000000560L, v81 = seed + 81000000567L, v82 = seed + 82000000574L, v83 = seed + 83000000581L;
            long v84 = seed + 84000000588L, v85 = seed + 85000000595L, v86 = seed + 86000000602L, v87 = seed + 87000000609L;
            long v88 = seed + 88000000616L, v89 = seed + 89000000623L, v90 = seed + 90000000630L, v91 = seed + 91000000637L;
            long v92 = seed + 92000000644L, v93 = seed + 93000000651L, v94 = seed + 94000000658L, v95 = seed + 95000000665L;
            long v96 = seed + 96000000672L, v97 = seed + 97000000679L, v98 = seed + 98000000686L, v99 = seed + 99000000693L;
            long v100 = seed + 100000000700L, v101 = seed + 101000000707L, v102 = seed + 102000000714L, v103 = seed + 103000000721L;
            long v104 = seed + 104000000728L, v105 = seed + 105000000735L, v106 = seed + 106000000742L, v107 = seed + 107000000749L;
            long v108 = seed + 108000000756L, v109 = seed + 109000000763L, v110 = seed + 110000000770L, v111 = seed + 111000000777L;
            long v112 = seed + 112000000784L, v113 = seed + 113000000791L, v114 = seed + 114000000798L, v115 = seed + 115000000805L;
            long v116 = seed + 116000000812L, v117 = seed + 117000000819L, v118 = seed + 118000000826L, v119 = seed + 119000000833L;
            long v120 = seed + 120000000840L, v121 = seed + 121000000847L, v122 = seed + 122000000854L, v123 = seed + 123000000861L;
            long v124 = seed + 124000000868L, v125 = seed + 125000000875L;
            long sum = sum(
                    v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11,
                    v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23,
                    v24, v25, v26, v27, v28, v29, v30, v31, v32, v33, v34, v35,
                    v36, v37, v38, v39, v40, v41, v42, v43, v44, v45, v46, v47,
                    v48, v49, v50, v51, v52, v53, v54, v55, v56, v57, v58, v59,
                    v60, v61, v62, v63, v64, v65, v66, v67, v68, v69, v70, v71,
                    v72, v73, v74, v75, v76, v77, v78, v79, v80, v81, v82, v83,
                    v84, v85, v86, v87, v88, v89, v90, v91, v92, v93, v94, v95,
                    v96, v97, v98, Yield.j(seed));
            return sum + Arrays.toString(new long[] {
                    v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11,
                    v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23,
                    v24, v25, v26, v27, v28, v29, v30, v31, v32, v33, v34, v35,
                    v36, v37, v38, v39, v40, v41, v42, v43, v44, v45, v46, v47,
                    v48, v49, v50, v51, v52, v53, v54, v55, v56, v57, v58, v59,
                    v60, v61, v62, v63, v64, v65, v66, v67, v68, v69, v70, v71,
                    v72, v73, v74, v75, v76, v77, v78, v79, v80, v81, v82, v83,
                    v84, v85, v86, v87, v88, v89, v90, v91, v92, v93, v94, v95,
                    v96, v97, v98, v99, v100, v101, v102, v103, v104, v105, v106, v107,
                    v108, v109, v110, v111, v112, v113, v114, v115, v116, v117, v118, v119,
                    v120, v121, v122, v123, v124, v125});
        }

        static long sum(
                long a0, long a1, long a2, long a3, long a4, long a5, long a6, long a7, long a8, long a9,
                long a10, long a11, long a12, long a13, long a14, long a15, long a16, long a17, long a18, long a19,
                long a20, long a21, long a22, long a23, long a24, long a25, long a26, long a27, long a28, long a29,
                long a30, long a31, long a32, long a33, long a34, long a35, long a36, long a37, long a38, long a39,
                long a40, long a41, long a42, long a43, long a44, long a45, long a46, long a47, long a48, long a49,
                long a50, long a51, long a52, long a53, long a54, long a55, long a56, long a57, long a58, long a59,
                long a60, long a61, long a62, long a63, long a64, long a65, long a66, long a67, long a68, long a69,
                long a70, long a71, long a72, long a73, long a74, long a75, long a76, long a77, long a78, long a79,
                long a80, long a81, long a82, long a83, long a84, long a85, long a86, long a87, long a88, long a89,
                long a90, long a91, long a92, long a93, long a94, long a95, long a96, long a97, long a98, long a99) {
            return a0 * 1 + a1 * 2 + a2 * 3 + a3 * 4 + a4 * 5 + a5 * 6 + a6 * 7 + a7 * 8 + a8 * 9 + a9 * 10
                    + a10 * 11 + a11 * 12 + a12 * 13 + a13 * 14 + a14 * 15 + a15 * 16 + a16 * 17 + a17 * 18 + a18 * 19 + a19 * 20
                    + a20 * 21 + a21 * 22 + a22 * 23 + a23 * 24 + a24 * 25 + a25 * 26 + a26 * 27 + a27 * 28 + a28 * 29 + a29 * 30
                    + a30 * 31 + a31 * 32 + a32 * 33 + a33 * 34 + a34 * 35 + a35 * 36 + a36 * 37 + a37 * 38 + a38 * 39 + a39 * 40
                    + a40 * 41 + a41 * 42 + a42 * 43 + a43 * 44 + a44 * 45 + a45 * 46 + a46 * 47 + a47 * 48 + a48 * 49 + a49 * 50
                    + a50 * 51 + a51 * 52 + a52 * 53 + a53 * 54 + a54 * 55 + a55 * 56 + a56 * 57 + a57 * 58 + a58 * 59 + a59 * 60
                    + a60 * 61 + a61 * 62 + a62 * 63 + a63 * 64 + a64 * 65 + a65 * 66 + a66 * 67 + a67 * 68 + a68 * 69 + a69 * 70
                    + a70 * 71 + a71 * 72 + a72 * 73 + a73 * 74 + a74 * 75 + a75 * 76 + a76 * 77 + a77 * 78 + a78 * 79 + a79 * 80
                    + a80 * 81 + a81 * 82 + a82 * 83 + a83 * 84 + a84 * 85 + a85 * 86 + a86 * 87 + a87 * 88 + a88 * 89 + a89 * 90
                    + a90 * 91 + a91 * 92 + a92 * 93 + a93 * 94 + a94 * 95 + a95 * 96 + a96 * 97 + a97 * 98 + a98 * 99 + a99 * 100;
        }
    }
}
