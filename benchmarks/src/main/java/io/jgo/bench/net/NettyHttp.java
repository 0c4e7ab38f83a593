package io.jgo.bench.net;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerExpectContinueHandler;
import io.netty.handler.codec.http.HttpUtil;
import java.net.InetSocketAddress;

/**
 * Netty 4.2's HTTP hello-world as its example server is built ({@code HttpServerCodec},
 * {@code HttpServerExpectContinueHandler}, a handler answering each request with a full response,
 * write in {@code channelRead0}, flush in {@code channelReadComplete}, keep-alive as the request
 * asks), on the native epoll transport: one acceptor loop and {@code parallelism} worker loops. It
 * answers {@link HttpLoad#PATH} with {@link HttpLoad#BODY} and anything else with 404.
 */
final class NettyHttp {

    private NettyHttp() {
    }

    /** One per connection (the codec keeps per-connection state, so the pipeline is not shared). */
    static final class HelloHandler extends SimpleChannelInboundHandler<HttpObject> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
            if (!(msg instanceof HttpRequest req)) {
                return; // the request's (empty) content parts
            }
            boolean known = req.uri().equals(HttpLoad.PATH);
            FullHttpResponse resp = new DefaultFullHttpResponse(req.protocolVersion(),
                    known ? HttpResponseStatus.OK : HttpResponseStatus.NOT_FOUND,
                    known ? Unpooled.wrappedBuffer(HttpLoad.BODY_BYTES) : Unpooled.EMPTY_BUFFER);
            resp.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN)
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, resp.content().readableBytes());
            boolean keepAlive = HttpUtil.isKeepAlive(req);
            if (keepAlive) {
                if (!req.protocolVersion().isKeepAliveDefault()) {
                    resp.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
                }
                ctx.write(resp);
            } else {
                resp.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                ctx.write(resp).addListener(ChannelFutureListener.CLOSE);
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close(); // a reset by the client
        }
    }

    static NetServer.Running start(InetSocketAddress at, int parallelism) throws InterruptedException {
        if (!Epoll.isAvailable()) {
            throw new IllegalStateException("Netty's native epoll transport is not available here", Epoll.unavailabilityCause());
        }
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(parallelism, EpollIoHandler.newFactory());
        Channel ch = new ServerBootstrap()
                .group(boss, workers)
                .channel(EpollServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, NetServer.BACKLOG)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel c) {
                        c.pipeline().addLast(new HttpServerCodec(), new HttpServerExpectContinueHandler(), new HelloHandler());
                    }
                })
                .bind(at).sync().channel();
        int port = ((InetSocketAddress) ch.localAddress()).getPort();
        return () -> port;
    }
}
