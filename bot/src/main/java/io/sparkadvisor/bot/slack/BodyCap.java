package io.sparkadvisor.bot.slack;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.FilterConfig;
import javax.servlet.ReadListener;
import javax.servlet.ServletException;
import javax.servlet.ServletInputStream;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletRequestWrapper;
import javax.servlet.http.HttpServletResponse;

/**
 * Refuses a request body over {@link #MAX_BYTES} before Bolt reads it whole: by its Content-Length
 * without reading a byte, or, sent in chunks, after reading one byte more than the cap. Slack's own
 * requests are a few KiB (it caps a command's text itself); a larger body comes from someone else.
 */
final class BodyCap implements Filter {
    static final int MAX_BYTES = 64 * 1024;
    static final String REFUSAL = "Request body over 64 KiB refused: Slack's requests are far smaller, so this one was not read.\n";

    @Override
    public void init(FilterConfig config) {
        // nothing to set up: the cap is a constant
    }

    @Override
    public void destroy() {
        // nothing held
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws IOException, ServletException {
        HttpServletRequest http = (HttpServletRequest) request;
        long declared = http.getContentLengthLong();
        if (declared > MAX_BYTES) {
            refuse((HttpServletResponse) response);
        } else if (declared >= 0) {
            chain.doFilter(request, response); // Jetty stops the body at its declared length
        } else {
            byte[] body = http.getInputStream().readNBytes(MAX_BYTES + 1);
            if (body.length > MAX_BYTES) {
                refuse((HttpServletResponse) response);
            } else {
                chain.doFilter(new ReadBody(http, body), response);
            }
        }
    }

    /** 413, and the connection closed rather than the rest of the body read to keep it open. */
    private static void refuse(HttpServletResponse response) throws IOException {
        response.setStatus(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE);
        response.setHeader("Connection", "close");
        response.setContentType("text/plain; charset=utf-8");
        response.getWriter().write(REFUSAL);
    }

    /** A chunked body within the cap, already read, handed to Bolt as if it were still coming. */
    private static final class ReadBody extends HttpServletRequestWrapper {
        private final byte[] body;

        ReadBody(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("the body was read already");
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            String encoding = getCharacterEncoding();
            Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
            return new BufferedReader(new InputStreamReader(getInputStream(), charset));
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }
}
