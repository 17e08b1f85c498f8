import { useState, type DragEvent } from 'react';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** True for a file named as a review package (`.critpkg`). */
export function isPackageFile(file: { name: string }): boolean {
  return /\.critpkg$/i.test(file.name);
}

/**
 * Drag-and-drop of files onto an area; `active` while files hover over it. With
 * `onPackages`, review packages dropped go there and the other files to `onFiles`.
 */
export function useFileDrop(
  onFiles: (files: File[]) => void,
  onPackages?: (files: File[]) => void,
) {
  const [active, setActive] = useState(false);
  return {
    active,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setActive(true);
      },
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setActive(false);
      },
      onDrop: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setActive(false);
        const files = [...event.dataTransfer.files];
        const packages = onPackages ? files.filter(isPackageFile) : [];
        const others = onPackages ? files.filter((f) => !isPackageFile(f)) : files;
        if (packages.length > 0) onPackages?.(packages);
        if (others.length > 0) onFiles(others);
      },
    },
  };
}
