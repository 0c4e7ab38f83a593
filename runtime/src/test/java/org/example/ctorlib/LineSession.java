package org.example.ctorlib;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Reads its greeting from a socket in its constructor, after super(). */
public class LineSession {

    private final String greeting;

    public LineSession(Socket socket) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        this.greeting = in.readLine();
    }

    public String greeting() {
        return greeting;
    }
}
