package io.jgo.internal.cont;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.Set;

/**
 * Which methods of a class are annotated {@code @Goroutine} in its class file. The annotation is
 * kept in the class file only (not visible to reflection), so a pin warning that must tell "this
 * method is {@code @Goroutine}, but nobody rewrote its class" from "annotate this method" reads the
 * class file itself (its resource, as the JVM found it). Only on the path that warns, once per
 * site. A class whose file cannot be read answers "none", and the warning gives the general advice.
 */
final class DeclaredGoroutines {

    private static final String GOROUTINE = "Lio/jgo/Goroutine;";

    private DeclaredGoroutines() {
    }

    /** Is {@code name}{@code descriptor} of {@code type} annotated {@code @Goroutine} in its class file? */
    static boolean isDeclared(Class<?> type, String name, String descriptor) {
        return of(type).contains(name + descriptor);
    }

    /** The {@code @Goroutine} methods of {@code type}'s class file, as name + descriptor; empty if it cannot be read. */
    static Set<String> of(Class<?> type) {
        String resource = type.getName().substring(type.getName().lastIndexOf('.') + 1) + ".class";
        try (InputStream in = type.getResourceAsStream(resource)) {
            return in == null ? Set.of() : parse(new DataInputStream(in));
        } catch (IOException | RuntimeException e) {
            return Set.of();
        }
    }

    /** The JVM specification's class file layout (chapter 4), read as far as the methods' annotations. */
    private static Set<String> parse(DataInputStream in) throws IOException {
        in.readInt(); // magic
        in.readInt(); // minor, major
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                case 5, 6 -> {
                    in.skipNBytes(8);
                    i++; // a long or double takes two entries
                }
                case 7, 8, 16, 19, 20 -> in.skipNBytes(2);
                case 15 -> in.skipNBytes(3);
                default -> throw new IOException("constant pool tag " + tag);
            }
        }
        in.skipNBytes(6); // access, this, super
        in.skipNBytes(2L * in.readUnsignedShort()); // interfaces
        int fields = in.readUnsignedShort();
        for (int f = 0; f < fields; f++) {
            in.skipNBytes(6);
            skipAttributes(in);
        }
        Set<String> declared = new HashSet<>();
        int methods = in.readUnsignedShort();
        for (int m = 0; m < methods; m++) {
            in.skipNBytes(2);
            String name = utf8[in.readUnsignedShort()];
            String descriptor = utf8[in.readUnsignedShort()];
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                String attribute = utf8[in.readUnsignedShort()];
                int length = in.readInt();
                if ("RuntimeInvisibleAnnotations".equals(attribute) || "RuntimeVisibleAnnotations".equals(attribute)) {
                    int annotations = in.readUnsignedShort();
                    for (int i = 0; i < annotations; i++) {
                        if (GOROUTINE.equals(readAnnotation(in, utf8))) {
                            declared.add(name + descriptor);
                        }
                    }
                } else {
                    in.skipNBytes(length);
                }
            }
        }
        return declared;
    }

    private static void skipAttributes(DataInputStream in) throws IOException {
        int attributes = in.readUnsignedShort();
        for (int a = 0; a < attributes; a++) {
            in.skipNBytes(2);
            in.skipNBytes(in.readInt() & 0xFFFFFFFFL);
        }
    }

    /** Reads one annotation; returns its type descriptor. */
    private static String readAnnotation(DataInputStream in, String[] utf8) throws IOException {
        String type = utf8[in.readUnsignedShort()];
        int pairs = in.readUnsignedShort();
        for (int p = 0; p < pairs; p++) {
            in.skipNBytes(2);
            skipElementValue(in, utf8);
        }
        return type;
    }

    private static void skipElementValue(DataInputStream in, String[] utf8) throws IOException {
        int tag = in.readUnsignedByte();
        switch (tag) {
            case 'e' -> in.skipNBytes(4);
            case '@' -> readAnnotation(in, utf8);
            case '[' -> {
                int n = in.readUnsignedShort();
                for (int i = 0; i < n; i++) {
                    skipElementValue(in, utf8);
                }
            }
            default -> in.skipNBytes(2); // a constant or a class
        }
    }
}
