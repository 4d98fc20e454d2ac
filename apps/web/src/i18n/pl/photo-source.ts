// A photo from the camera or the phone's files (components/ui/photo-source-sheet.tsx): the photo survey
// and the webform's receipt (spec §2: 'Wybierz sposób', 'Aparat', 'Wybór mediów').
export const photoSource = {
  chooseWay: 'Wybierz sposób',
  fromFiles: 'Wybór mediów',
  fromCamera: 'Aparat',
  preparing: 'Przygotowywanie zdjęcia…',
  notAnImage: 'Ten plik nie jest zdjęciem. Wybierz zdjęcie.',
} as const;
