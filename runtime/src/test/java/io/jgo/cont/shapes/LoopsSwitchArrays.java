package io.jgo.cont.shapes;

import io.jgo.Goroutine;

/** Loops, int/string/enum switches and arrays with suspension points inside. */
public final class LoopsSwitchArrays extends Program {

    enum Color { RED, GREEN, BLUE }

    @Goroutine
    @Override
    public void run() {
        StringBuilder out = new StringBuilder();
        int[] squares = new int[5];
        for (int i = 0; i < squares.length; i++) {
            squares[i] = Yield.i(i) * i;
        }
        long[][] grid = new long[2][3];
        for (int r = 0; r < 2; r++) {
            for (int c = 0; c < 3; c++) {
                grid[r][c] = Yield.j(r * 10L + c);
            }
        }
        int k = 0;
        while (Yield.z(k < 4)) {
            switch (Yield.i(k)) {
                case 0: out.append("zero;"); break;
                case 1: out.append("one;"); break;
                case 100: out.append("hundred;"); break;
                default: out.append("many;");
            }
            k++;
        }
        for (String s : new String[] {"go", "java", "loom"}) {
            switch (Yield.a(s)) {
                case "go": out.append("G"); break;
                case "java": out.append("J"); break;
                default: out.append("?");
            }
        }
        for (Color color : Color.values()) {
            switch (Yield.a(color)) {
                case RED: out.append("r"); break;
                case GREEN: out.append("g"); break;
                default: out.append("b");
            }
        }
        int sum = 0;
        do {
            sum += Yield.i(k--);
        } while (k > 0);
        result = out + "|" + java.util.Arrays.toString(squares) + "|" + java.util.Arrays.deepToString(grid) + "|" + sum;
    }
}
