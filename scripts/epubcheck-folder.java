// Checks every .epub in a folder with EPUBCheck in one JVM (its start costs
// ~4 s, more than checking a small book). Prints EPUBCheck's messages, then
// one line per book: "NAME: E errors, W warnings, F fatal"; exits 1 when any
// book has an error, a fatal error or a warning.
//   java -cp /usr/share/java/epubcheck.jar scripts/epubcheck-folder.java DIR
// With --serve instead of DIR it checks the book of each line of standard
// input as it comes (the test suite keeps one such JVM for all its books),
// answering each with the book's messages and then the line
// "epubcheck-folder: E errors, W warnings, F fatal", until standard input ends.
import com.adobe.epubcheck.api.EpubCheck;
import com.adobe.epubcheck.util.DefaultReportImpl;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

public class EpubCheckFolder {
    public static void main(String[] arguments) throws InterruptedException {
        // EPUBCheck 4.2.6 checks the reading order recursively, one level per
        // reference: a novel's word-level overlays overflow the default stack.
        Runnable work = arguments.length == 1 && arguments[0].equals("--serve") ? EpubCheckFolder::serve : () -> checkAll(arguments);
        Thread checker = new Thread(null, work, "epubcheck", 1L << 31);
        checker.start();
        checker.join();
    }

    private static void serve() {
        PrintStream answers = System.out;
        try (BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String path; (path = requests.readLine()) != null;) {
                ByteArrayOutputStream messages = new ByteArrayOutputStream();
                PrintStream capture = new PrintStream(messages, true, StandardCharsets.UTF_8);
                System.setOut(capture);
                System.setErr(capture);
                DefaultReportImpl report = new DefaultReportImpl(new File(path).getName());
                try {
                    new EpubCheck(new File(path), report).doValidate();
                } catch (RuntimeException failure) {
                    capture.println("epubcheck-folder: " + failure);
                }
                capture.flush();
                int fatal = report.getFatalErrorCount() + (messages.toString(StandardCharsets.UTF_8).contains("epubcheck-folder: ") ? 1 : 0);
                answers.print(messages.toString(StandardCharsets.UTF_8));
                answers.println("epubcheck-folder: " + report.getErrorCount() + " errors, " + report.getWarningCount() + " warnings, " + fatal + " fatal");
                answers.flush();
            }
        } catch (java.io.IOException failure) {
            System.exit(2);
        }
        System.exit(0);
    }

    private static void checkAll(String[] arguments) {
        File[] books = new File(arguments[0]).listFiles((folder, name) -> name.endsWith(".epub"));
        if (books == null || books.length == 0) {
            System.out.println("epubcheck-folder: no .epub files in " + arguments[0]);
            System.exit(2);
        }
        Arrays.sort(books);
        boolean clean = true;
        for (File book : books) {
            DefaultReportImpl report = new DefaultReportImpl(book.getName());
            new EpubCheck(book, report).doValidate();
            int errors = report.getErrorCount(), warnings = report.getWarningCount(), fatal = report.getFatalErrorCount();
            System.out.println(book.getName() + ": " + errors + " errors, " + warnings + " warnings, " + fatal + " fatal");
            clean &= errors == 0 && warnings == 0 && fatal == 0;
        }
        System.exit(clean ? 0 : 1);
    }
}
