/**
 * {@code java.net.Socket} streams that park: what rewritten code calls in place of
 * {@code new Socket(...)}, {@code new ServerSocket(...)}, {@code accept}, {@code getInputStream},
 * the constructors of {@code InputStreamReader}, {@code BufferedReader}, {@code BufferedInputStream}
 * and {@code DataInputStream}, and their reads (the instrumenter's {@code SocketCalls} chooses the
 * call sites; {@link io.jgo.internal.sockets.SocketIo} holds the stand-ins); and on the write side
 * {@code getOutputStream}, the constructors of {@code PrintWriter}, {@code BufferedWriter},
 * {@code OutputStreamWriter}, {@code BufferedOutputStream} and {@code DataOutputStream}, and their
 * writes ({@code SocketWriteCalls}; stand-ins in {@link io.jgo.internal.sockets.OutputIo},
 * {@link io.jgo.internal.sockets.WriterIo} and {@link io.jgo.internal.sockets.PrintIo}).
 *
 * <h2>Design</h2>
 * A JDK socket ({@code NioSocketImpl}) blocks its thread in {@code poll}, and nothing outside it can
 * wait for it: the poller can only wait on a {@code SelectableChannel}. So a goroutine's sockets are
 * made <em>channel-backed</em> ({@code SocketChannel.open().socket()}), still {@code java.net.Socket}s
 * in blocking mode for everyone else, and their reads wait through the existing poller wait for a
 * blocking-mode channel ({@code io.jgo.internal.blocking.ChannelCalls}, which registers the channel
 * without changing its mode and wakes waiters on close); no new leaf is written here. A
 * {@code soTimeout} is the read deadline of the channel's poll descriptor for the length of one call.
 *
 * <p>The JDK's decorators read through unrewritten code, where a goroutine that waits pins its
 * carrier; so over a stream that parks ({@link io.jgo.internal.sockets.Parks}) the factories return
 * subclasses whose reads are this package's rewritten code ({@code instanceof} and static types hold;
 * over anything else they return the JDK's own). The read call sites in rewritten code go to statics
 * that dispatch by class to the parking code, and otherwise make the JDK's call wrapped as before.
 * A plain thread (or a goroutine inside a syscall) reading a parking stream reads through the JDK's
 * own socket stream, unchanged.
 *
 * <p>Writes: a channel-backed socket's output stream ({@link io.jgo.internal.sockets.SocketOutput})
 * puts the socket's descriptor in non-blocking mode, the channel staying in blocking mode
 * ({@code poll.SocketWriteProbe}: the JDK's blocking calls retry a descriptor that is not ready, as
 * they do for virtual threads). A goroutine's write polls the descriptor without waiting: room, and
 * it writes what fits (the call returns at once); no room (or a partial write), and it parks on the
 * poller for {@code OP_WRITE} ({@code ChannelCalls.write}); until every byte is written
 * ({@code Waits.write}). The output decorators over a parking stream are parking subclasses of the
 * JDK's, as the input ones; a stand-in dispatches by class and otherwise makes the JDK's call.
 *
 * <p>Connect: a channel registered with the poller in non-blocking mode cannot go back to blocking
 * mode until a select drops its key, so a goroutine's connect ({@code new Socket(host, port)}, and
 * {@code connect} on a fresh {@code new Socket()}) starts the connect in non-blocking mode before
 * anything registered the channel, puts it back in blocking mode at once (the connect goes on), and
 * then parks on the poller for {@code OP_CONNECT} ({@code ChannelCalls.finishConnect}; the timeout
 * is the descriptor's write deadline) ({@code Waits.connect}).
 *
 * <p>TLS: {@link io.jgo.internal.sockets.TlsIo} hands rewritten code jgo's factories in place of the
 * JDK provider's ({@code SSLSocketFactory.getDefault()}, {@code SSLContext.getSocketFactory()}, ...);
 * their sockets are {@code TlsSocket}s, an {@code SSLEngine} driven by {@code TlsConnection} over a
 * channel-backed socket: the handshake and reads wait through {@code Waits.read} (so they park, with
 * soTimeout and close as above), and writes through {@code Waits.write} (the transport's descriptor
 * non-blocking, as {@code SocketOutput}'s): a goroutine's write parks on {@code OP_WRITE} while the
 * send buffer is full. Each wrap and all the partial writes of its records hold the transport's socket
 * write lock ({@code SocketWriteLocks}, goroutine-owned, shared with the transport's plain streams),
 * so records go out whole and in the engine's order, and a plain write to the same socket cannot land
 * inside one. A close (and {@code shutdownOutput}) never waits for that lock: it tries it once to send
 * {@code close_notify}, and when a parked writer holds it sends nothing and closes the transport,
 * which wakes the writer with {@code SocketException("Socket closed")} (the JDK's {@code SSLSocket}
 * would wait for the writer). The handshake is made where the JDK makes it (the first read or write,
 * {@code startHandshake}, {@code getSession}) and parks there. {@code TlsInput} and {@code TlsOutput}
 * are {@link io.jgo.internal.sockets.Parks} streams, so the decorators over them park too. Factories
 * of other providers are left alone.
 *
 * <p>What still holds a carrier: a socket made outside rewritten code or a user's subclass; an
 * {@code SSLSocket} of another provider, of a factory got outside rewritten code, or from the
 * unconnected {@code createSocket()}; and a parking stream read or written from unrewritten code (a
 * library's own loop, {@code BufferedReader.lines()}, a JDK stream jgo does not replace such as
 * {@code ObjectOutputStream}) in a goroutine, which pins.
 *
 * <p>The parking output decorators and {@code SocketOutput} take a lock per operation, as the JDK's
 * do ({@code synchronized (lock)}; the socket stream's channel write lock): a
 * {@link io.jgo.internal.blocking.ParkingReentrantLock} of their own (the socket's, shared by its
 * streams and its TLS connection, for {@code SocketOutput}), so a goroutine waiting for it parks instead of pinning, and a
 * goroutine may park holding it (a write waiting for room). So goroutines sharing a
 * {@code PrintWriter}, a {@code DataOutputStream} or the socket's stream get each call whole, a
 * {@code println} included. The parking input decorators' reads ({@code BufferedReader},
 * {@code InputStreamReader}, {@code BufferedInputStream}) hold a lock of their own alike, so a
 * shared {@code BufferedReader}'s {@code readLine} is whole per call; their {@code mark},
 * {@code reset}, {@code ready}, {@code available} and {@code close} take none. {@code SocketInput}
 * and {@code DataInputStream} take none either (the JDK's {@code DataInputStream} has none; a
 * socket read returns what it got).
 *
 * <p>These classes are plain {@code @Goroutine} Java, rewritten by jgo's own instrumenter when the
 * runtime is built (the {@code rewrite-api} step of the runtime's pom); they must not drive the
 * stack protocol by hand.
 */
package io.jgo.internal.sockets;
