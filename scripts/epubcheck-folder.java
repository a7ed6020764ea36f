// Checks every .epub in a folder with EPUBCheck in one JVM (its start costs
// ~4 s, more than checking a small book). Prints EPUBCheck's messages, then
// one line per book: "NAME: E errors, W warnings, F fatal"; exits 1 when any
// book has an error, a fatal error or a warning.
//   java -cp /usr/share/java/epubcheck.jar scripts/epubcheck-folder.java DIR
import com.adobe.epubcheck.api.EpubCheck;
import com.adobe.epubcheck.util.DefaultReportImpl;
import java.io.File;
import java.util.Arrays;

public class EpubCheckFolder {
    public static void main(String[] arguments) throws InterruptedException {
        // EPUBCheck 4.2.6 checks the reading order recursively, one level per
        // reference: a novel's word-level overlays overflow the default stack.
        Thread checker = new Thread(null, () -> checkAll(arguments), "epubcheck", 1L << 31);
        checker.start();
        checker.join();
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
