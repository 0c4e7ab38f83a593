package io.jgo.it.sockets;

import java.io.InputStream;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The TLS contexts of the socket tests, from key stores made once with {@code keytool} and kept as
 * test resources (password {@code changeit}, EC P-256, valid 100 years): {@code tls-server.p12} holds
 * the server's key pair for {@code CN=localhost} (SAN localhost, 127.0.0.1), {@code tls-trust.p12}
 * its certificate only, {@code tls-untrusted.p12} another key pair that nobody trusts.
 */
final class TlsContexts {

    private static final char[] PASSWORD = "changeit".toCharArray();

    private TlsContexts() {
    }

    /** A server context presenting the trusted certificate. */
    static SSLContext server() throws Exception {
        return withKey("tls-server.p12");
    }

    /** A server context presenting a certificate the clients do not trust. */
    static SSLContext untrustedServer() throws Exception {
        return withKey("tls-untrusted.p12");
    }

    /** A client context trusting the server's certificate only. */
    static SSLContext client() throws Exception {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(load("tls-trust.p12"));
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, tmf.getTrustManagers(), null);
        return ctx;
    }

    private static SSLContext withKey(String store) throws Exception {
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(load(store), PASSWORD);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        return ctx;
    }

    private static KeyStore load(String name) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = TlsContexts.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("test resource io/jgo/it/sockets/" + name + " is missing");
            }
            ks.load(in, PASSWORD);
        }
        return ks;
    }
}
